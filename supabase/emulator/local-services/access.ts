// Who may read or clear what the local services caught (emails, and what the site submitted): the
// service role key, or a page on a loopback origin. Any other web page the developer visits could
// otherwise read the names, emails and links in them, since the emulator answers CORS with `*`.
import type { ApiRequest } from '../types';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname, protocol } = new URL(origin);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname))
    );
  } catch {
    return false;
  }
}

/** The service role key, or a request from a page on a loopback origin. */
export function isTrustedLocalReader(req: ApiRequest): boolean {
  if (req.claims?.role === 'service_role') return true;
  const origin = req.headers.origin;
  return origin !== undefined && isLoopbackOrigin(origin);
}

/**
 * A page opened in the browser's address bar or followed from a link: the document goes to the
 * window, never to the script of another site, so showing it leaks nothing.
 */
export function isBrowserNavigation(req: ApiRequest): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') && req.headers['sec-fetch-mode'] === 'navigate'
  );
}
