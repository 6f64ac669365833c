// Every route path of the site in one place; links and the route table both read from here.
export const paths = {
  home: '/',
  rally: '/2026-rally',
  /** A generic address for the current edition's page (redirects to `rally`). */
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

/** The public routes with fixed paths (the prerender and sitemap walk these). */
export const publicStaticPaths = [
  paths.home,
  paths.rally,
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
