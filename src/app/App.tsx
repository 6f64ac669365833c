import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import {
  PrerenderedDataProvider,
  usePrerenderedData,
  type PrerenderedData,
} from '../prerender/protocol';
import { routes } from './routes';

/**
 * Providers shared by the browser entry (src/main.tsx) and the server renderer
 * (src/prerender/entry-server.tsx): the data the build put in the page. Head tags need none: React 19
 * hoists each page's title and meta tags.
 */
export function AppProviders({
  prerendered,
  children,
}: {
  /** None in tests: every page then loads its data, as after a client-side navigation. */
  prerendered?: PrerenderedData;
  children: ReactNode;
}) {
  const [data] = useState(() => prerendered ?? { values: new Map() });
  return <PrerenderedDataProvider data={data}>{children}</PrerenderedDataProvider>;
}

/**
 * The site's routes, inside whichever router the caller provides: BrowserRouter in the browser,
 * StaticRouter (with the URL to render) on the server.
 */
export function AppRoutes() {
  useForgetPrerenderedDataOnNavigation();
  return useRoutes(routes);
}

/**
 * The build's answers are for the page the visitor arrived on: once they go elsewhere in the
 * site, every page (that one too, on the way back) loads fresh data.
 */
function useForgetPrerenderedDataOnNavigation() {
  const { pathname } = useLocation();
  const prerendered = usePrerenderedData();
  const [arrivedAt] = useState(pathname);
  useEffect(() => {
    if (pathname !== arrivedAt) prerendered.values.clear();
  }, [pathname, arrivedAt, prerendered]);
}
