// The last step of `npm run build`: writes an HTML file for every public route (and every
// published news article, when the build can reach the database) from the server renderer built
// by `vite build --ssr src/entry-server.tsx`, plus the empty SPA shell (app.html), 404.html, the
// social card image, sitemap.xml and the static host's _redirects.
//   BUILD_OUT_DIR=dist node scripts/prerender.mjs
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const outDir = process.env.BUILD_OUT_DIR || 'dist';
const ssrDir = path.join(outDir, '.ssr');
const log = (message) => console.error(`prerender: ${message}`);

const entry = path.join(ssrDir, 'entry-server.js');
if (!existsSync(entry)) {
  log(`${entry} is missing: run \`vite build --ssr src/entry-server.tsx\` first`);
  process.exit(1);
}
const server = await import(pathToFileURL(path.resolve(entry)).href);
const { env, paths, publicStaticPaths } = server;

// The client build's index.html is the shell every page starts from; it keeps a copy as app.html,
// the file the host serves for paths with no prerendered page (see _redirects).
const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
if (!shell.includes('<!--app-html--></div>')) {
  throw new Error('index.html has no <div id="root"><!--app-html--></div> slot');
}
writeFileSync(path.join(outDir, 'app.html'), shell);

// Pages load their data from Supabase as soon as their code runs: open that connection early.
// A form clicked before the SPA has taken the page over (src/app/App.tsx marks <html data-ready>)
// must not submit natively: that would put what was typed in the URL.
const preconnect = `<link rel="preconnect" href="${env.supabaseUrl}" crossorigin/><script>addEventListener('submit',function(e){document.documentElement.hasAttribute('data-ready')||e.preventDefault()},true)</script>`;

// The SPA's code, as the client build's index.html loads it: one module entry and its preloads.
const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entrySrc = entryScript.exec(shell)?.[1];
if (!entrySrc) throw new Error('index.html has no module entry script');
const preloads = [...shell.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];

/**
 * A prerendered page is readable before its code runs, so the code is only requested once the
 * page has been painted with content: the bandwidth and the main thread go to the HTML, the
 * stylesheet and the first images, and the code (which then adopts the page) follows. "Painted"
 * is the browser's first-contentful-paint entry: a frame callback alone can run before the body
 * is drawn (a slow phone's first frame may be blank), and code requested then competes with the
 * first paint. Browsers without paint timing wait for a frame instead. Modules are requested
 * together, as the shell's own tags would. The timer covers a tab opened in the background, which
 * never paints.
 */
const loader = `<script>(function(){var d;function go(){if(d)return;d=1;${JSON.stringify(
  preloads.map((match) => match[1]),
)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(
  entrySrc,
)};document.head.appendChild(s)}function soon(){setTimeout(go)}var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();soon()}}).observe({type:'paint',buffered:true});else requestAnimationFrame(soon);setTimeout(go,3000)})()</script>`;

/** The shell with the page's own head tags (instead of the defaults) and its rendered HTML. */
function page({ head, body, data = '' }) {
  let html = shell.replace(entryScript, '');
  for (const [tag] of preloads) html = html.replace(tag, '');
  return html
    .replace(/\s*<title data-shell>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+data-shell\s+name="description"[^>]*>/, '')
    .replace(
      '</head>',
      () => `    ${(preconnect + loader + head).replace(/></g, '>\n    <')}\n  </head>`,
    )
    .replace('<!--app-html--></div>', () => `${body}</div>${data}`);
}

function write(route, html) {
  const file = path.join(outDir, route === '/' ? '' : route, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}

/** Whether the database answers: a build without a backend still prerenders, without data. */
async function databaseAnswers() {
  try {
    const probe = await fetch(`${env.supabaseUrl}/rest/v1/news_articles?select=id&limit=1`, {
      headers: { apikey: env.supabaseAnonKey },
      signal: AbortSignal.timeout(3000),
    });
    if (!probe.ok) throw new Error(`HTTP ${probe.status}`);
    return true;
  } catch (error) {
    log(`no data in the pages: ${env.supabaseUrl} did not answer (${error.message ?? error})`);
    return false;
  }
}
const loadData = await databaseAnswers();

for (const route of publicStaticPaths) write(route, page(await server.render(route, { loadData })));

// Served by hosts that answer unknown paths with /404.html; it must not claim a URL of its own.
const notFound = await server.render('/404');
writeFileSync(
  path.join(outDir, '404.html'),
  page({
    head: notFound.head
      .replace(/<link rel="canonical"[^>]*>/, '<meta name="robots" content="noindex"/>')
      .replace(/<meta property="og:url"[^>]*>/, ''),
    body: notFound.body,
  }),
);

// Published articles have pages of their own when the build can list them.
const articles = loadData ? await server.listArticles() : [];
for (const article of articles) {
  const route = paths.article(article.id);
  // The browser draws the article once it has loaded it, with these same tags: until then they
  // are the shell's (data-shell, see src/main.tsx).
  const head = server
    .articleHead(article)
    .replace(/<(title|meta|link|script)\b/g, '<$1 data-shell');
  write(route, page({ head, body: (await server.render(route)).body }));
}

const xml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const urls = [
  ...publicStaticPaths.map((route) => ({ loc: `${env.siteUrl}${route}` })),
  ...articles.map((article) => ({
    loc: `${env.siteUrl}${paths.article(article.id)}`,
    lastmod: article.updated_at.slice(0, 10),
  })),
];
writeFileSync(
  path.join(outDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      ({ loc, lastmod }) =>
        `  <url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`,
);

// Netlify's format (Cloudflare Pages reads it too). A file that exists is served as it is, so
// these rules only decide what a path without one gets: known routes their page, everything
// else (unknown paths, /admin, articles published after the build) the empty shell, whose SPA
// then renders the right screen.
writeFileSync(
  path.join(outDir, '_redirects'),
  [
    ...publicStaticPaths
      .filter((route) => route !== '/')
      .map((route) => `${route}  ${route}/index.html  200`),
    '/*  /app.html  200',
    '',
  ].join('\n'),
);

/** The 1200×630 social card: the hero's colours, the Alps and the route, and the ER badge. */
const socialCard = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#020617"/><stop offset="0.55" stop-color="#172554"/><stop offset="1" stop-color="#0f172a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.2" cy="0.2" r="0.45">
      <stop offset="0" stop-color="#f59e0b" stop-opacity="0.45"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <rect width="1200" height="630" fill="url(#sun)"/>
  <polygon points="0,470 200,270 350,390 520,200 720,400 880,250 1200,480 1200,630 0,630" fill="#334155"/>
  <polygon points="480,240 520,200 560,240 540,252 520,236 500,252" fill="#e2e8f0"/>
  <polygon points="840,290 880,250 920,290 900,302 880,286 860,302" fill="#e2e8f0"/>
  <path d="M0,610 C280,520 480,560 600,520 C760,470 960,520 1200,440" stroke="#f59e0b" stroke-width="14" fill="none" stroke-dasharray="40 26"/>
  <g transform="translate(80 80)">
    <rect width="150" height="150" rx="32" fill="#fbbf24"/>
    <path d="M38 40h52v16H56v14h30v16H56v16h36v16H38z" fill="#0f172a"/>
    <path d="M98 40h22a22 22 0 0 1 6 43l12 35h-15l-11-33h-0v33h-14z M112 54v18h8a9 9 0 0 0 0-18z" fill="#0f172a" fill-rule="evenodd"/>
  </g>
</svg>`;
await sharp(Buffer.from(socialCard))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(outDir, 'og-image.png'));

rmSync(ssrDir, { recursive: true, force: true });
log(
  `${publicStaticPaths.length} routes (${loadData ? 'with' : 'without'} their data), ${articles.length} articles, 404.html, app.html, sitemap.xml, _redirects, og-image.png in ${outDir}`,
);
