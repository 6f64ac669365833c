import { useEffect, type ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { routes } from './routes';

/**
 * Providers shared by the browser entry (src/main.tsx) and the server renderer
 * (src/entry-server.tsx). Head tags need none: React 19 hoists each page's title and meta tags.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ReadyMark />
    </>
  );
}

/**
 * Marks the document (`<html data-ready>`) once React has taken the page over. A prerendered page
 * is on screen before that; until then its forms must not submit natively (the guard in
 * scripts/prerender.mjs), and end-to-end tests wait for the mark as a visitor waits for the page.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

/**
 * The site's routes, inside whichever router the caller provides: BrowserRouter in the browser,
 * StaticRouter (with the URL to render) on the server.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
