// The one route table of the site. Each public page is its own chunk; the whole admin area is
// one more chunk, loaded only under /admin.
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { useSiteSettings, useSiteSettingsLoading } from '../data/SiteSettingsProvider';
import { Layout } from '../components/Layout';
import { paths } from '../config/paths';
import { lazyPage, lazyPart, type LazyPage } from './lazyPage';

const pages = {
  home: lazyPage(() => import('../pages/home/HomePage')),
  rally: lazyPage(() => import('../pages/rally/RallyPage')),
  gallery: lazyPage(() => import('../pages/gallery/GalleryPage')),
  videos: lazyPage(() => import('../pages/videos/VideosPage')),
  news: lazyPage(() => import('../pages/news/NewsPage')),
  article: lazyPage(() => import('../pages/news/ArticlePage')),
  sponsors: lazyPage(() => import('../pages/sponsors/SponsorsPage')),
  about: lazyPage(() => import('../pages/about/AboutPage')),
  contact: lazyPage(() => import('../pages/contact/ContactPage')),
  signUp: lazyPage(() => import('../pages/sign-up/SignUpPage')),
  waitingListOffer: lazyPage(() => import('../pages/sign-up/WaitingListOfferPage')),
  newsletterConfirm: lazyPage(() => import('../pages/newsletter/ConfirmSubscriptionPage')),
  unsubscribe: lazyPage(() => import('../pages/newsletter/UnsubscribePage')),
  paymentSuccess: lazyPage(() => import('../pages/payment-success/PaymentSuccessPage')),
  myRegistration: lazyPage(() => import('../pages/my-registration/MyRegistrationPage')),
  coDriver: lazyPage(() => import('../pages/my-registration/CoDriverPage')),
  privacy: lazyPage(() => import('../pages/legal/PrivacyPage')),
  terms: lazyPage(() => import('../pages/legal/TermsPage')),
  notFound: lazyPage(() => import('../pages/not-found/NotFoundPage')),
  admin: lazyPage(() => import('../admin/AdminApp')),
  articlePreview: lazyPage(() => import('./ArticlePreviewPage')),
} satisfies Record<string, LazyPage>;

// The header and the footer, in chunks of their own: the public entry keeps what hydration of
// every page needs first (React, the router, the layout and its settings). Every route in the
// layout preloads both with its page, so the server renders them and the browser hydrates them in
// the same pass; the header is fixed (the page leaves room for it), so nothing moves when a page
// drawn in the browser gets it a moment after the entry.
const header = lazyPart(() =>
  import('../components/Header').then(({ Header }) => ({ default: Header })),
);
const footer = lazyPart(() =>
  import('../components/Footer').then(({ Footer }) => ({ default: Footer })),
);
const preloadLayout = () => Promise.all([header.preload(), footer.preload()]).then(() => undefined);

/** /rally: the current edition's page, once the database has said which edition that is. */
function CurrentRally() {
  const { year } = useSiteSettings().edition;
  return useSiteSettingsLoading() ? null : <Navigate to={paths.rallyPage(year)} replace />;
}

type PageRoute = RouteObject & { handle?: { preload: LazyPage['preload'] } };

function page(path: string | undefined, lazy: LazyPage, index = false): PageRoute {
  const handle = { preload: lazy.preload };
  const element = <lazy.Page />;
  return index ? { index: true, element, handle } : { path, element, handle };
}

export const routes: PageRoute[] = [
  {
    path: paths.home,
    element: <Layout header={<header.Page />} footer={<footer.Page />} />,
    handle: { preload: preloadLayout },
    children: [
      page(undefined, pages.home, true),
      // Every edition's page, /{year}-rally; the page answers the 404 page for any other path.
      page(paths.rallyPattern, pages.rally),
      { path: paths.rallyAlias, element: <CurrentRally /> },
      page(paths.gallery, pages.gallery),
      page(paths.videos, pages.videos),
      page(paths.news, pages.news),
      page(paths.articlePattern, pages.article),
      page(paths.sponsors, pages.sponsors),
      page(paths.about, pages.about),
      page(paths.contact, pages.contact),
      page(paths.signUp, pages.signUp),
      // A waiting-list offer: never prerendered either (not in publicStaticPaths).
      page(paths.waitingListOfferPattern, pages.waitingListOffer),
      // The newsletter's secret links (confirm, unsubscribe): never prerendered either.
      page(paths.newsletterConfirmPattern, pages.newsletterConfirm),
      page(paths.unsubscribePattern, pages.unsubscribe),
      page(paths.paymentSuccess, pages.paymentSuccess),
      // Each team's page: never prerendered (not in publicStaticPaths), so no personal data is.
      page(paths.myRegistration, pages.myRegistration),
      page(paths.teamPagePattern, pages.myRegistration),
      page(paths.coDriverPagePattern, pages.coDriver),
      page(paths.privacy, pages.privacy),
      page(paths.terms, pages.terms),
      page(paths.articlePreviewPattern, pages.articlePreview),
      page('*', pages.notFound),
    ],
  },
  page(paths.adminPattern, pages.admin),
];

/** Loads the code of every page the URL matches, so the first render does not suspend. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route as PageRoute).handle?.preload()));
}
