// The last step of the build (build/prerender.mjs calls it from the server bundle): writes an
// HTML file for every public route, and for every published article when the build can reach
// the database, plus the empty SPA shell (app.html), 404.html, the social card, sitemap.xml and
// the static host's _redirects, into the client build's folder.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync } from 'vite';
import { env } from '../config/env';
import { paths, publicStaticPaths } from '../config/paths';
import { EDITION_DEFAULTS } from '../config/site-defaults';
import { listArticles, listEditions, render } from './entry-server';
import { guardFormsUntilReady, inlineScript, loadAppAfterFirstPaint } from './loader';
import { READY_ATTRIBUTE } from './protocol';
import { redirectsFile, SHELL_FILE } from './redirects';
import { sitemapXml } from './sitemap';
import { writeSocialCard } from './social-card';
import { headLines, notFoundHead, pageHtml, parseShell, shellWithFacts } from './template';

type Log = (message: string) => void;

/** The build's minifier (oxc, as Vite minifies the bundle) for the inline scripts. */
const minify = (code: string) => minifySync('inline.js', code).code;

/** Whether the database answers: a build without a backend still prerenders, without data. */
async function databaseAnswers(log: Log): Promise<boolean> {
  try {
    const probe = await fetch(`${env.supabaseUrl}/rest/v1/news_articles?select=id&limit=1`, {
      headers: { apikey: env.supabaseAnonKey },
      signal: AbortSignal.timeout(3000),
    });
    if (!probe.ok) throw new Error(`HTTP ${probe.status}`);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`no data in the pages: ${env.supabaseUrl} did not answer (${reason})`);
    return false;
  }
}

export async function prerenderSite(outDir: string, log: Log): Promise<void> {
  // The client build's index.html is the shell every page starts from; a copy, app.html, is the
  // file the host serves for paths with no prerendered page (see _redirects), written below with
  // the home page's title and description, the current edition's.
  const shellHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const shell = parseShell(shellHtml);

  // Every page opens its connection to Supabase early (its data loads as soon as its code runs),
  // holds its forms until the SPA has taken over, and requests its code after the first paint.
  const common = [
    `<link rel="preconnect" href="${env.supabaseUrl}" crossorigin/>`,
    inlineScript(guardFormsUntilReady, [READY_ATTRIBUTE], minify),
    inlineScript(loadAppAfterFirstPaint, [shell.modules, shell.entry], minify),
  ];
  const page = (head: string, body: string, data?: string) =>
    pageHtml(shell, { headTags: [...common, ...headLines(head)], body, data });
  const write = (route: string, html: string) => {
    const file = path.join(outDir, route === '/' ? '' : route, 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  };

  const loadData = await databaseAnswers(log);
  // Every published edition keeps its page (/2026-rally works forever); without the database,
  // the seed edition's.
  const editions = loadData ? await listEditions() : [];
  const currentYear = editions.find((edition) => edition.is_current)?.year ?? EDITION_DEFAULTS.year;
  const editionPaths = editions.length
    ? editions.map((edition) => paths.rallyPage(edition.year))
    : [paths.rallyPage(currentYear)];
  const routes = [...publicStaticPaths, ...editionPaths];
  for (const route of routes) {
    const rendered = await render(route, { loadData });
    write(route, page(rendered.head, rendered.body, rendered.data));
    if (route === paths.home)
      writeFileSync(path.join(outDir, SHELL_FILE), shellWithFacts(shellHtml, rendered.head));
  }

  // Served by hosts that answer unknown paths with /404.html.
  const notFound = await render('/404');
  writeFileSync(path.join(outDir, '404.html'), page(notFoundHead(notFound.head), notFound.body));

  // Published articles have pages of their own when the build can list them, drawn with their
  // data like every route: the main image is in the HTML (with its srcset and high priority, and
  // React's preload of it in the head), so it is the first thing fetched after the stylesheet.
  const articles = loadData ? await listArticles() : [];
  for (const article of articles) {
    const rendered = await render(paths.article(article.id), { loadData });
    write(paths.article(article.id), page(rendered.head, rendered.body, rendered.data));
  }

  writeFileSync(
    path.join(outDir, 'sitemap.xml'),
    sitemapXml([
      ...routes.map((route) => ({ loc: `${env.siteUrl}${route}` })),
      ...articles.map((article) => ({
        loc: `${env.siteUrl}${paths.article(article.id)}`,
        lastmod: article.updated_at.slice(0, 10),
      })),
    ]),
  );
  writeFileSync(path.join(outDir, '_redirects'), redirectsFile(routes, currentYear));
  await writeSocialCard(path.join(outDir, 'og-image.png'));

  log(
    `${routes.length} routes (${loadData ? 'with' : 'without'} their data), ${articles.length} articles, 404.html, ${SHELL_FILE}, sitemap.xml, _redirects, og-image.png in ${outDir}`,
  );
}
