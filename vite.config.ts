/// <reference types="vitest/config" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { headersFor, parseHeaders } from './build/security-headers.ts';
import { assertBuildEnv } from './src/config/public-config.ts';
import {
  responsiveFormats,
  variantPattern,
  variantUrl,
  widthsFor,
  type ResponsiveFormat,
} from './src/config/images.ts';
import { SITE_FONTS, writeSubsetFonts } from './build/fonts.ts';

const port = Number(process.env.PORT ?? 5173);

/**
 * A production build stops before it starts when the site's public configuration is incomplete
 * (src/config/public-config.ts says why). Other modes (`vite build --mode emulator`, the dev server,
 * tests) keep env.ts's local defaults.
 */
function requiredBuildEnv(): Plugin {
  return {
    name: 'europe-rally:required-build-env',
    apply: 'build',
    config(config, { mode }) {
      if (mode !== 'production') return;
      const root = config.root ?? process.cwd();
      const envDir = config.envDir === false ? false : path.resolve(root, config.envDir ?? '.');
      assertBuildEnv(loadEnv(mode, envDir, 'VITE_'));
    },
  };
}

/** robots.txt is generated because its Sitemap line must be absolute, on VITE_SITE_URL. */
function robotsTxt(): Plugin {
  let siteUrl = 'http://localhost:5173';
  return {
    name: 'europe-rally:robots-txt',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      siteUrl = (config.env.VITE_SITE_URL || siteUrl).replace(/\/+$/, '');
    },
    generateBundle() {
      const source = `User-agent: *\nDisallow: /admin\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source });
    },
  };
}

/**
 * `vite preview` serves a build as the static host does (see _redirects, written by
 * src/prerender/redirects.ts): a known route gets its prerendered file, anything else (unknown paths,
 * /admin, articles published after the build) the empty SPA shell, app.html, never the home page.
 */
function prerenderedFallback(): Plugin {
  return {
    name: 'europe-rally:prerendered-fallback',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
        const query = (req.url ?? '').slice(pathname.length);
        if (path.extname(pathname) || !existsSync(path.join(outDir, 'app.html'))) return next();
        const page = path.posix.join(pathname, 'index.html');
        const file = path.join(outDir, page);
        const known = file.startsWith(outDir + path.sep) && existsSync(file);
        req.url = `${known ? page : '/app.html'}${query}`;
        next();
      });
    },
  };
}

/**
 * `vite preview` sends the headers the static host would (dist/_headers, written by
 * build/write-headers.ts), matched on the path as requested, before the fallback above
 * rewrites it. So the end-to-end tests run under the real Content-Security-Policy, and the
 * fixtures' console check fails any test that breaks it.
 */
function staticHostHeaders(): Plugin {
  return {
    name: 'europe-rally:static-host-headers',
    configurePreviewServer(server) {
      const file = path.resolve(server.config.root, server.config.build.outDir, '_headers');
      if (!existsSync(file)) return;
      const rules = parseHeaders(readFileSync(file, 'utf8'));
      server.middlewares.use((req, res, next) => {
        const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
        for (const [name, value] of headersFor(rules, pathname)) res.setHeader(name, value);
        next();
      });
    },
  };
}

async function encodeVariant(file: string, width: number, format: ResponsiveFormat) {
  const { default: sharp } = await import('sharp');
  const image = sharp(file).resize({ width });
  return (format === 'avif' ? image.avif({ quality: 55 }) : image.webp({ quality: 72 })).toBuffer();
}

/**
 * The site's own images at several widths as AVIF and WebP (the rule is in src/config/images.ts):
 * written into the build, and made on request by the dev server.
 */
function responsiveImages(): Plugin {
  const publicDir = 'public';
  let ssr = false;
  return {
    name: 'europe-rally:responsive-images',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = variantPattern.exec((req.url ?? '').split('?')[0] ?? '');
        const file = match && path.join(publicDir, `${match[1]}.webp`);
        if (!match || !file || !existsSync(file)) return next();
        const format = match[3] as ResponsiveFormat;
        encodeVariant(file, Number(match[2]), format).then((body) => {
          res.setHeader('Content-Type', `image/${format}`);
          res.end(body);
        }, next);
      });
    },
    async generateBundle() {
      if (ssr) return;
      const { default: sharp } = await import('sharp');
      const media = path.join(publicDir, 'media');
      for (const name of readdirSync(media).filter((file) => file.endsWith('.webp'))) {
        const file = path.join(media, name);
        const { width = 0 } = await sharp(file).metadata();
        for (const size of widthsFor(width)) {
          for (const format of responsiveFormats) {
            this.emitFile({
              type: 'asset',
              fileName: variantUrl(`media/${name}`, size, format),
              source: await encodeVariant(file, size, format),
            });
          }
        }
      }
    },
  };
}

/** Where the font subsets are written; src/styles.css reads them as `@fonts/<file>`. */
const fontsDir = path.resolve('.cache/fonts');

/**
 * The site's fonts (build/fonts.ts), subset before anything reads them, and preloaded by
 * every page: the build adds a <link rel="preload"> per font to index.html, whose head every
 * prerendered page copies, so the fonts are fetched with the HTML rather than after the CSS.
 */
function siteFonts(): Plugin {
  let root = process.cwd();
  return {
    name: 'europe-rally:site-fonts',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      await writeSubsetFonts(root, fontsDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const assets = Object.values(context.bundle).filter((output) => output.type === 'asset');
        return SITE_FONTS.map((font) => {
          const asset = assets.find((output) =>
            output.originalFileNames.some((name) => name.endsWith(`.cache/fonts/${font.file}`)),
          );
          if (!asset) throw new Error(`site-fonts: ${font.file} is not in the build`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${asset.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

const outDir = process.env.BUILD_OUT_DIR || 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    requiredBuildEnv(),
    siteFonts(),
    react(),
    robotsTxt(),
    responsiveImages(),
    staticHostHeaders(),
    prerenderedFallback(),
  ],
  resolve: { alias: { '@fonts': fontsDir } },
  server: { port, strictPort: true, host: '127.0.0.1' },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The manifest lets tests/budget check what each public route loads.
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Code the public pages share but the entry does not load goes into one chunk, `site`,
    // instead of one small chunk per module (home alone needed 23): each chunk is a request
    // and a <link rel="modulepreload"> the browser inserts, 0.3-1.5 ms of main thread apiece as
    // measured on our build machines (a phone is slower), right as a prerendered page is adopted.
    // The first group keeps the entry's own modules in the entry ($initial: statically imported
    // by it); without it, `site` would take them and the entry would load all of `site` up front.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'], priority: 2 },
                {
                  name: 'site',
                  // Not the Edge Functions' client (src/data/functions.ts), loaded once a form has
                  // been sent (src/data/delivery.ts), nor the rules only the sign-up and
                  // sponsorship forms and the admin check (src/lib/field-rules.ts): no page but
                  // those needs them up front. The formats the site shares with the Edge Functions
                  // (money, dates) are the site's lib as well.
                  test: /[\\/](src[\\/](components|config|content|data|lib)|supabase[\\/]functions[\\/]_shared[\\/]formats|lucide-react)[\\/](?!(functions|field-rules)\.ts$)/,
                  minShareCount: 2,
                  priority: 1,
                },
                {
                  // What the team's page, its lazy Documents section and the co-driver's page
                  // share (the details form's refusals, one document's row): one chunk, not one
                  // per set of pages that share a module.
                  name: 'team-pages',
                  test: /[\\/]src[\\/]pages[\\/]my-registration[\\/]/,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
    // Separate builds (e2e, benches) can run beside `npm start` without emptying its dist/.
    // The server bundle (src/prerender/site.ts) is built next to the site it prerenders and
    // deleted by build/prerender.mjs once the pages are written.
    outDir: isSsrBuild ? path.join(outDir, '.ssr') : outDir,
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on our 2-core machines. The contract
    // tests wait on HTTP and the database, so both cores pay: 311 s → 205 s for the whole run.
    // At most 4: each contract file holds an emulator and a database of its own in memory.
    maxWorkers: Math.min(4, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // One jsdom per worker instead of one per file: a new jsdom costs 2–3 s here, and the
          // whole project ran in 49 s against 22 s. setup.ts gives each file a blank document.
          isolate: false,
        },
      },
      {
        // The Edge Functions' pinned `npm:` imports (npm:react@19.3.1/jsx-runtime) are the same
        // packages from node_modules: the email templates render in the tests as under Deno.
        resolve: {
          alias: [{ find: /^npm:((?:@[^/@]+\/)?[^/@]+)@[^/]+(\/.*)?$/, replacement: '$1$2' }],
        },
        test: {
          name: 'emulator',
          environment: 'node',
          include: [
            'supabase/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          // Builds the database each contract test file restores (once per run).
          globalSetup: ['tests/contract/global-setup.ts'],
          // A worker's files share its modules (each still starts its own emulator on its own copy
          // of the database): a new process per file loaded PGlite, supabase-js and the emulator
          // again each time. Measured on 2 cores: 461 CPU s and 557 s for this project, against
          // 266 CPU s and 256 s shared. No file mocks a module or stubs a global.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
