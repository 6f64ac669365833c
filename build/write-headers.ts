// The last step of `npm run build`: writes the static host's `_headers` (Netlify and Cloudflare
// Pages read it; the README gives the same headers for Vercel, nginx and Apache) from the
// finished HTML, so the policy's script hashes match whatever the prerendering wrote:
//   - on every path: the Content-Security-Policy and the other security headers
//     (build/security-headers.ts says what each allows and why);
//   - /assets/*: cached for a year, immutable (their names carry a content hash);
//   - every HTML file's paths: revalidated on each visit.
// The Supabase URL comes from the same VITE_ variables and .env the build read.
//   BUILD_OUT_DIR=dist tsx build/write-headers.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from 'vite';
import { CAPTCHA_PROVIDERS, captchaSettings } from '../src/config/captcha';
import { publicConfig } from '../src/config/public-config';
import { videoPlayerOrigins } from '../src/config/rally';
import {
  IMMUTABLE,
  REVALIDATE,
  SECURITY_HEADERS,
  contentSecurityPolicy,
  inlineScriptHashes,
  renderHeaders,
  type HeaderRule,
} from './security-headers';

const outDir = process.env.BUILD_OUT_DIR || 'dist';

/** Every HTML file under the build, as paths relative to it with forward slashes. */
function htmlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'assets' || entry.name.startsWith('.')
        ? []
        : htmlFiles(path.join(dir, entry.name), `${relative}/`);
    return entry.name.endsWith('.html') ? [relative] : [];
  });
}

/** The URL paths a static host serves an HTML file at ('gallery/index.html' → /gallery …). */
function servedAt(file: string): string[] {
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) {
    const route = `/${file.slice(0, -'/index.html'.length)}`;
    return [route, `${route}/`, `/${file}`];
  }
  return [`/${file}`];
}

const files = htmlFiles(outDir);
if (!files.includes('index.html')) {
  console.error(`security-headers: no index.html in ${outDir}: run the build first`);
  process.exit(1);
}
const hashes = files.flatMap((file) =>
  inlineScriptHashes(readFileSync(path.join(outDir, file), 'utf8')),
);

const buildVars = loadEnv('production', process.cwd(), 'VITE_');
const config = publicConfig(buildVars);
const captcha = captchaSettings(buildVars);
const policy = contentSecurityPolicy({
  scriptHashes: hashes,
  supabaseUrl: config.supabaseUrl,
  // The webhooks are called by Edge Functions now, never by the pages.
  connectUrls: [],
  frameOrigins: videoPlayerOrigins,
  // The admin's sign-in and reset pages load the captcha widget when the build has a site key.
  captchaOrigins: captcha ? CAPTCHA_PROVIDERS[captcha.provider].origins : [],
});

const rules: HeaderRule[] = [
  { path: '/*', headers: [['Content-Security-Policy', policy], ...SECURITY_HEADERS] },
  { path: '/assets/*', headers: [['Cache-Control', IMMUTABLE]] },
  ...files.flatMap((file) =>
    servedAt(file).map((at): HeaderRule => ({
      path: at,
      headers: [['Cache-Control', REVALIDATE]],
    })),
  ),
];
writeFileSync(
  path.join(outDir, '_headers'),
  renderHeaders(
    rules,
    'Response headers for the static host (Netlify and Cloudflare Pages format), written by\n' +
      'build/write-headers.ts from the built pages: rebuild, never edit.',
  ),
);
const distinct = new Set(hashes).size;
console.error(
  `security-headers: ${hashes.length} inline scripts (${distinct} distinct) in ${files.length} HTML files; _headers in ${outDir}`,
);
