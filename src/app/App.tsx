import type { ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { routes } from './routes';

/**
 * Providers shared by the browser entry (src/main.tsx) and the server renderer
 * (src/entry-server.tsx). Head tags need none: React 19 hoists each page's title and meta tags.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/**
 * The site's routes, inside whichever router the caller provides: BrowserRouter in the browser,
 * StaticRouter (with the URL to render) on the server.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
