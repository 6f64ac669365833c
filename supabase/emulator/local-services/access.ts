// Who may read or clear what the local services caught (emails with their reset links, and what
// visitors submitted): a caller with the service-role key, or a browser page on the site's own
// origin or a loopback origin. Any other web page the developer visits is refused. (The same rule
// and names as the webhook inbox's, so both stay one helper.)
import type { ApiRequest, EmulatorConfig } from '../types';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The configured site's origin, or a page served from this machine (any port). */
export function isTrustedOrigin(origin: string | undefined, config: EmulatorConfig): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (LOOPBACK_HOSTS.has(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname)) return true;
  try {
    return url.origin === new URL(config.siteUrl).origin;
  } catch {
    return false;
  }
}

/** True for the service-role key (apikey or bearer), or a request from a trusted origin. */
export function mayManageLocalData(req: ApiRequest, config: EmulatorConfig): boolean {
  return req.claims?.role === 'service_role' || isTrustedOrigin(req.headers.origin, config);
}

/**
 * A page opened in the browser's address bar, a link or a frame: the document goes to the
 * window, never to another site's script, so showing it leaks nothing.
 */
export function isBrowserNavigation(req: ApiRequest): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') && req.headers['sec-fetch-mode'] === 'navigate'
  );
}
