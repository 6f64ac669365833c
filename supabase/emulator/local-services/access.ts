// Who may read, wipe or arm the local services' stored data (the webhook inbox holds visitors'
// names, emails and phones; the mail catcher holds reset and invitation links): a caller with the
// service-role key, or a browser page on the site's own origin or a loopback origin. Any other web
// page is refused, and gets no CORS grant to read an answer. The receivers themselves (webhooks,
// the email API) stay open, as a real endpoint is.
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
  if (LOOPBACK_HOSTS.has(url.hostname)) return true;
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
 * CORS for /local: a trusted origin is named back (never `*`), others get no grant. The
 * preflight for a trusted origin also allows the methods the inbox uses.
 */
export function localCorsHeaders(
  origin: string | undefined,
  config: EmulatorConfig,
): Record<string, string> {
  if (!origin || !isTrustedOrigin(origin, config)) return { vary: 'Origin' };
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
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
