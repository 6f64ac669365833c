// The prerendered pages of a production build: each public route's file carries its own head
// (title, description, social tags, canonical URL) and static content, and the preview server,
// like the static host's _redirects, answers a path without a page with the empty SPA shell.
//   npm run build && BUILD_OUT_DIR=dist npx tsx --test tests/budget/prerender.test.ts
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { preview, type PreviewServer } from 'vite';
import { e2e } from '../e2e/servers';

const outDir = process.env.BUILD_OUT_DIR || e2e.buildDir;

/** Each public route with the title and description its page declares. */
const pages = [
  ['/', '2026 Europe Rally', 'Join the 2026 Europe Rally, 22-28 June 2026'],
  ['/2026-rally', '2026 Rally | 2026 Europe Rally', 'a mystery route from the United Kingdom'],
  ['/gallery', 'Gallery | 2026 Europe Rally', ''],
  ['/videos', 'Videos | 2026 Europe Rally', ''],
  ['/news', 'News | 2026 Europe Rally', ''],
  ['/sponsors', 'Sponsors | 2026 Europe Rally', ''],
  ['/about', '', ''],
  ['/contact', 'Contact | 2026 Europe Rally', ''],
  ['/sign-up', '', ''],
  ['/payment-success', '', ''],
  ['/privacy-policy', 'Privacy Policy | 2026 Europe Rally', ''],
  ['/terms-conditions', '', ''],
] as const;

const fileOf = (route: string) => path.join(outDir, route, 'index.html');
const read = (file: string) => readFileSync(file, 'utf8');
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const decode = (text = '') =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

function head(html: string) {
  return {
    title: decode(attr(html, /<title[^>]*>([^<]*)<\/title>/)),
    titles: html.match(/<title[\s>]/g)?.length ?? 0,
    description: decode(attr(html, /<meta[^>]* name="description" content="([^"]*)"/)),
    ogTitle: decode(attr(html, /<meta[^>]* property="og:title" content="([^"]*)"/)),
    ogDescription: decode(attr(html, /<meta[^>]* property="og:description" content="([^"]*)"/)),
    ogImage: attr(html, /<meta[^>]* property="og:image" content="([^"]*)"/),
    twitterCard: attr(html, /<meta[^>]* name="twitter:card" content="([^"]*)"/),
    canonical: attr(html, /<link[^>]* rel="canonical" href="([^"]*)"/),
  };
}

function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script[^>]* type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as { '@type': string },
  );
}

describe(`the prerendered pages in ${outDir}`, () => {
  const siteUrl = attr(read(fileOf('/')), /<link rel="canonical" href="([^"]*)\/"/) ?? '';

  test('has a file for every public route', () => {
    const missing = pages.map(([route]) => fileOf(route)).filter((file) => !existsSync(file));
    assert.deepEqual(missing, []);
    assert.match(siteUrl, /^https?:\/\//);
  });

  for (const [route, title, description] of pages) {
    test(`gives ${route} its own title, description, social tags, canonical URL and content`, () => {
      const html = read(fileOf(route));
      const tags = head(html);
      if (title) assert.equal(tags.title, title);
      assert.equal(tags.titles, 1, 'one <title>');
      if (description) assert.ok(tags.description.includes(description), tags.description);
      assert.ok(tags.description.length > 40, `a real description: "${tags.description}"`);
      assert.equal(tags.ogTitle, tags.title);
      assert.equal(tags.ogDescription, tags.description);
      assert.equal(tags.canonical, `${siteUrl}${route}`);
      assert.equal(tags.ogImage, `${siteUrl}/og-image.png`);
      assert.equal(tags.twitterCard, 'summary_large_image');
      assert.match(html, /<div id="root"><div[^>]*>[\s\S]*<h1[\s\S]*© 2026 Europe Rally/);
    });
  }

  test('gives each page a different title and description', () => {
    const heads = pages.map(([route]) => head(read(fileOf(route))));
    assert.equal(new Set(heads.map((tags) => tags.title)).size, pages.length);
    assert.equal(new Set(heads.map((tags) => tags.description)).size, pages.length);
  });

  test('describes the rally as an Event on / and /2026-rally, and the charity on /', () => {
    for (const route of ['/', '/2026-rally']) {
      const event = jsonLd(read(fileOf(route))).find((data) => data['@type'] === 'Event');
      assert.ok(event, `Event JSON-LD on ${route}`);
      assert.equal(event.name, '2026 Europe Rally');
      assert.equal(event.startDate, '2026-06-22');
      assert.equal(event.endDate, '2026-06-28');
      assert.equal(event.eventStatus, 'https://schema.org/EventScheduled');
      const offers = event.offers as { price: string; priceCurrency: string }[];
      assert.deepEqual(
        offers.map((offer) => `${offer.price} ${offer.priceCurrency}`),
        ['3950 GBP', '250 GBP'],
      );
    }
    const types = jsonLd(read(fileOf('/'))).map((data) => data['@type']);
    assert.ok(types.includes('Organization'), types.join());
  });

  test('writes a NewsArticle page with its own head for each article in the sitemap', () => {
    const sitemap = read(path.join(outDir, 'sitemap.xml'));
    for (const [route] of pages) assert.ok(sitemap.includes(`<loc>${siteUrl}${route}</loc>`));
    const articles = [...sitemap.matchAll(/<loc>[^<]*(\/news\/[^<]+)<\/loc>/g)].map(
      (match) => match[1] ?? '',
    );
    for (const route of articles) {
      const html = read(fileOf(route));
      const article = jsonLd(html).find((data) => data['@type'] === 'NewsArticle');
      assert.ok(article, `NewsArticle JSON-LD on ${route}`);
      const tags = head(html);
      assert.equal(tags.title, `${String(article.headline)} | 2026 Europe Rally`);
      assert.equal(tags.description, article.description);
      assert.ok(tags.description.length <= 155 && !tags.description.includes('<'));
      assert.equal(tags.canonical, `${siteUrl}${route}`);
      // The main image is in the HTML, in its variants, at high priority, and preloaded.
      const hero = /<img [^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? '';
      assert.match(hero, /srcset="[^"]*\.w640\.webp 640w/i, `${route} hero srcset`);
      assert.match(hero, /sizes="[^"]*768px/i, `${route} hero sizes`);
      assert.match(html, /<link rel="preload" [^>]*imagesrcset="[^"]*\.w640\.webp/i, route);
    }
  });

  test('carries the data of its first view: the news, the photos, the sponsors', () => {
    const sitemap = read(path.join(outDir, 'sitemap.xml'));
    assert.match(sitemap, /\/news\/[0-9a-f-]{36}</, 'the build reached the database');
    const data = (route: string) => {
      const html = read(fileOf(route));
      const json =
        /<\/div><script type="application\/json" id="prerendered-data">([^<]*)<\/script>/.exec(
          html,
        )?.[1];
      assert.ok(json, `${route} ships its data after #root`);
      return { html, values: JSON.parse(json) as Record<string, unknown> };
    };
    const news = data('/news');
    // The first page of articles (src/data/news.ts), the page's number and count beside them.
    const articles = (news.values.news as { rows: { title: string; content?: string }[] }).rows;
    assert.ok(articles.length > 0);
    for (const article of articles) {
      assert.ok(decode(news.html).includes(`>${article.title}</h2>`), article.title);
      assert.equal(article.content, undefined, 'cards carry no article body');
    }
    assert.doesNotMatch(news.html, /Loading news\.\.\./);

    const gallery = data('/gallery');
    const first = (gallery.values.gallery as { images: { url: string }[] }).images[0];
    assert.ok(first);
    // Preloaded in the size the slot takes (its variants), not the original.
    const stem = first.url.replace(/\.webp$/, '');
    assert.match(
      gallery.html,
      new RegExp(`<link rel="preload" as="image" imageSrcSet="[^"]*${stem}\\.w320\\.webp 320w`),
    );
    assert.match(
      gallery.html,
      new RegExp(`<img [^>]*src="[^"]*${first.url}"[^>]*fetchPriority="high"`),
    );

    const home = data('/');
    assert.ok((home.values.sponsors as unknown[]).length > 0);
    assert.doesNotMatch(home.html, /Loading (sponsors|news)\.\.\./);
  });

  test('requests its code only after the first paint', () => {
    const shell = read(path.join(outDir, 'app.html'));
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
    assert.ok(entry && existsSync(path.join(outDir, entry)), `entry ${entry}`);
    for (const [route] of pages) {
      const html = read(fileOf(route));
      assert.doesNotMatch(html, /<script type="module"|rel="modulepreload"/, route);
      // The loader (src/prerender/loader.ts) as the build minified it, called with the entry.
      const loader = /<script>(\(function[^<]*getEntriesByName[^<]*)<\/script>/.exec(html)?.[1];
      assert.ok(loader, `${route} has the inline loader`);
      assert.ok(loader.includes(`\`${entry}\``), `${route} loads ${entry}`);
      assert.match(loader, /getEntriesByName\(`first-contentful-paint`\)/, route);
    }
  });

  describe('served by vite preview', () => {
    let server: PreviewServer;
    let origin = '';
    before(async () => {
      server = await preview({
        logLevel: 'silent',
        build: { outDir },
        preview: { port: 0, strictPort: false, host: '127.0.0.1' },
      });
      origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    });
    after(() => server?.close());

    const get = async (url: string) => (await fetch(`${origin}${url}`)).text();
    const shell = () => read(path.join(outDir, 'app.html'));

    test('answers a known route with its prerendered page', async () => {
      assert.equal(head(await get('/gallery')).title, 'Gallery | 2026 Europe Rally');
      assert.equal(await get('/'), read(fileOf('/')));
    });

    test('answers an unknown path and the admin with the empty shell, not the home page', async () => {
      assert.match(shell(), /<div id="root"><!--app-html--><\/div>/);
      for (const url of ['/no-such-page', '/admin', '/admin/news', '/news/unknown/deeper']) {
        assert.equal(await get(url), shell(), url);
      }
    });
  });
});
