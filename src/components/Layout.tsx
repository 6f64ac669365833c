import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { SiteSettingsProvider } from '../data/SiteSettingsProvider';
import { Spinner } from './Spinner';

/**
 * On every navigation: scroll to the top and, except on the first load, move focus to the new
 * page's main heading so keyboard and screen-reader users start at the new content. Pages load
 * lazily, so the heading may appear a moment after the location changes.
 */
function useNavigationFocus(mainId: string) {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname, mainId]);
}

/** `header`, `footer`: the site's own, loaded apart from the entry (src/app/routes.tsx). */
export function Layout({ header, footer }: { header: ReactNode; footer: ReactNode }) {
  const { pathname } = useLocation();
  useNavigationFocus('main');
  return (
    <SiteSettingsProvider>
      <div className="flex min-h-screen flex-col bg-paper text-ink">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-accent px-4 py-2 font-semibold text-night focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <Suspense fallback={null}>{header}</Suspense>
        <main
          id="main"
          // At least a screen tall: content that arrives after the first paint (lists loaded in the
          // browser) then grows the page below the fold instead of pushing a visible footer down.
          className={`min-h-screen flex-1 focus:outline-none ${pathname === paths.home ? '' : 'pt-16'}`}
        >
          <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
            <Outlet />
          </Suspense>
        </main>
        <Suspense fallback={null}>{footer}</Suspense>
      </div>
    </SiteSettingsProvider>
  );
}
