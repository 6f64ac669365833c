// Every route path of the site in one place; links and the route table both read from here.
export const paths = {
  home: '/',
  /** An edition's page: rallyPage(2027) → '/2027-rally' (every published edition keeps one). */
  rallyPage: (year: number) => `/${year}-rally`,
  /** The route of the editions' pages; the page reads its year with rallyPageYear(). */
  rallyPattern: '/:rallyPage',
  /** A generic address for the current edition's page (leads to its rallyPage). */
  rallyAlias: '/rally',
  gallery: '/gallery',
  videos: '/videos',
  news: '/news',
  article: (id: string) => `/news/${encodeURIComponent(id)}`,
  articlePattern: '/news/:id',
  sponsors: '/sponsors',
  about: '/about',
  contact: '/contact',
  signUp: '/sign-up',
  paymentSuccess: '/payment-success',
  /** A waiting-list offer's page, by the secret in the offer's email (never prerendered). */
  waitingListOffer: (secret: string) => `/sign-up/offer/${encodeURIComponent(secret)}`,
  waitingListOfferPattern: '/sign-up/offer/:secret',
  newsletterConfirm: (secret: string) => `/newsletter/confirm/${encodeURIComponent(secret)}`,
  newsletterConfirmPattern: '/newsletter/confirm/:secret',
  unsubscribe: (secret: string) => `/unsubscribe/${encodeURIComponent(secret)}`,
  unsubscribePattern: '/unsubscribe/:secret',
  /** Each team's own page: "Email me my link" without a secret, the team's page with one. */
  myRegistration: '/my-registration',
  teamPage: (secret: string) => `/my-registration/${encodeURIComponent(secret)}`,
  teamPagePattern: '/my-registration/:secret',
  /** The co-driver's own section, by the secret in the co-driver's copies of the emails. */
  coDriverPage: (secret: string) => `/my-registration/co-driver/${encodeURIComponent(secret)}`,
  coDriverPagePattern: '/my-registration/co-driver/:secret',
  privacy: '/privacy-policy',
  terms: '/terms-conditions',
  admin: '/admin',
  adminPattern: '/admin/*',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  /** Asks for a password-reset email. */
  adminForgotPassword: '/admin/forgot-password',
  /** Where an emailed invitation or reset link lands, to choose a password. */
  adminSetPassword: '/admin/set-password',
  /** An admin screen by its registry path: adminScreen('gallery') → '/admin/gallery'. */
  adminScreen: (screen: string) => `/admin/${screen}`,
  /** A draft article as the public will see it, for administrators only. */
  articlePreviewPattern: '/admin/preview/news/:id',
  articlePreview: (id: string) => `/admin/preview/news/${id}`,
} as const;

/** The year of an edition's page from its path segment ('2027-rally' → 2027), else null. */
export function rallyPageYear(segment: string | undefined): number | null {
  const year = /^(\d{4})-rally$/.exec(segment ?? '')?.[1];
  return year ? Number(year) : null;
}

/**
 * The public routes with fixed paths (the prerender and sitemap walk these, and every published
 * edition's rallyPage beside them).
 */
export const publicStaticPaths = [
  paths.home,
  paths.gallery,
  paths.videos,
  paths.news,
  paths.sponsors,
  paths.about,
  paths.contact,
  paths.signUp,
  paths.paymentSuccess,
  paths.privacy,
  paths.terms,
] as const;
