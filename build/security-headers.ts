// The static host's response headers, in the `_headers` format Netlify and Cloudflare Pages read:
// what build/write-headers.ts writes after prerendering, and what `vite preview` applies
// (vite.config.ts), so every end-to-end test runs under the policy production sends.
//
// The Content-Security-Policy allows scripts from the site itself and, inline, only the exact
// scripts the build wrote (by their sha256 hash: the prerendered pages' code loader and submit
// guard). JSON-LD and JSON data blocks are not executed and need no hash. Inline style
// attributes are allowed (style-src-attr): React renders computed widths as style attributes,
// the editor writes them and articles may carry them; style elements and stylesheets come from
// the site only.
import { createHash } from 'node:crypto';

export type HeaderRule = { path: string; headers: [name: string, value: string][] };

/** Script types a browser executes (the HTML standard's JavaScript MIME types and modules). */
const EXECUTABLE =
  /^(|module|(application|text)\/(x-)?(java|ecma)script|text\/jscript|text\/livescript)$/i;

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?`,
    'i',
  ).exec(attributes);
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** The CSP source of every inline script a browser would run in this HTML, e.g. 'sha256-…'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (attribute(attributes, 'src') !== null) continue;
    if (!EXECUTABLE.test((attribute(attributes, 'type') ?? '').trim())) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export type PolicyInputs = {
  /** Hash sources of the inline scripts of every page the host serves. */
  scriptHashes: string[];
  /** The Supabase project (REST, auth, storage: data, uploads and the media it serves). */
  supabaseUrl: string;
  /** Other addresses the pages send requests to (none today: the project serves them all). */
  connectUrls: string[];
  /** Hosts of embedded video players. */
  frameOrigins: readonly string[];
  /** The captcha provider's hosts (script, frame, requests), when the build has a captcha. */
  captchaOrigins?: readonly string[];
};

const originOf = (url: string) => new URL(url).origin;
const unique = (values: string[]) => [...new Set(values)];

export function contentSecurityPolicy(inputs: PolicyInputs): string {
  const supabase = originOf(inputs.supabaseUrl);
  const captcha = [...(inputs.captchaOrigins ?? [])];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...captcha, ...unique(inputs.scriptHashes).sort()]],
    ['style-src', ["'self'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    // Administrators may show pictures and films hosted elsewhere (a sponsor's logo URL).
    ['img-src', ["'self'", 'data:', 'blob:', supabase, 'https:']],
    ['media-src', ["'self'", 'blob:', supabase, 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", supabase, ...inputs.connectUrls.map(originOf), ...captcha])],
    ['frame-src', [...inputs.frameOrigins, ...captcha]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
    // The admin makes an upload's image variants in a Worker of its own (same origin).
    ['worker-src', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Headers every response gets, beside the policy. */
export const SECURITY_HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  // Browsers ignore it over plain http (the local preview); on https it keeps them there a year.
  ['Strict-Transport-Security', 'max-age=31536000'],
];

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export function renderHeaders(rules: HeaderRule[], comment: string): string {
  const lines = comment.split('\n').map((line) => `# ${line}`.trimEnd());
  for (const rule of rules) {
    lines.push(rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon > 0 && rule)
      rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Netlify's path patterns: `*` matches the rest (slashes too), `:name` one segment. */
function pathMatches(pattern: string, pathname: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).test(pathname);
}

/** The headers the host sends for a path: every matching rule's, a repeated one joined by ", ". */
export function headersFor(rules: HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!pathMatches(rule.path, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = headers.get(key);
      headers.set(key, previous ? `${previous}, ${value}` : value);
    }
  }
  return headers;
}
