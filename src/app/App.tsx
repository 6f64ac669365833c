import type { ReactNode } from 'react';
import { HelmetProvider, type HelmetServerState } from 'react-helmet-async';

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
