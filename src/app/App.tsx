import type { ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { HelmetProvider, type HelmetServerState } from 'react-helmet-async';
import { routes } from './routes';

export type HelmetContext = { helmet?: HelmetServerState };

/**
 * Providers shared by the browser entry (src/main.tsx) and a server renderer. The server passes
 * a context object to collect the page's head tags.
 */
export function AppProviders({
  children,
  helmetContext,
}: {
  children: ReactNode;
  helmetContext?: HelmetContext;
}) {
  return <HelmetProvider context={helmetContext}>{children}</HelmetProvider>;
}

/**
 * The site's routes, inside whichever router the caller provides: BrowserRouter in the browser,
 * StaticRouter (with the URL to render) on the server.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
