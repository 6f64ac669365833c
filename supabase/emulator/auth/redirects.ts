// Where GoTrue may send a visitor back after an emailed link: redirect_to when the allow-list
// (site URL and config.toml's additional_redirect_urls, with * and ** globs) accepts it, else the
// site URL. The same rules as GoTrue's IsRedirectURLValid, so a link that works here works hosted.
import type { ApiRequest, EmulatorConfig } from '../types';

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** A glob with `.` and `/` as separators: `*` stays within one label or segment, `**` does not. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (ch === '*') source += '[^./]*';
    else if (ch === '?') source += '[^./]';
    else source += ch.replace(/[\\^$+?.()|{}[\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export function isRedirectAllowed(config: EmulatorConfig, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(config.siteUrl);
    target = new URL(redirectUrl);
  } catch {
    return false;
  }
  // Back to the site itself; any port on a loopback host (RFC 8252 native apps).
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || isLoopbackHost(target.hostname))
  ) {
    return true;
  }
  const hostname = target.hostname;
  if (/^[0-9]+$/.test(hostname)) return false;
  if (/^[0-9.]+$/.test(hostname) || hostname.startsWith('[')) return isLoopbackHost(hostname);
  const http = target.protocol === 'http:' || target.protocol === 'https:';
  if (http && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(hostname)) return false;
  const withoutFragment = redirectUrl.split('#')[0] ?? '';
  return config.authEmail.redirectAllowList.some((pattern) =>
    globToRegExp(pattern).test(withoutFragment),
  );
}

/** GoTrue's referrer: redirect_to (query string or body) when allowed, else the site URL. */
export function referrer(
  config: EmulatorConfig,
  ...candidates: (string | null | undefined)[]
): string {
  for (const candidate of candidates) {
    if (candidate && isRedirectAllowed(config, candidate)) return candidate;
  }
  return config.siteUrl;
}

export function redirectParam(req: ApiRequest): string | null {
  return req.headers.redirect_to ?? req.url.searchParams.get('redirect_to');
}
