// The server renderer the build's prerender step (scripts/prerender.mjs) loads: the same
// providers and routes as the browser entry, rendered inside a StaticRouter. Built with
// `vite build --ssr`, so env, paths and data helpers are the ones the SPA was built with.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders, AppRoutes } from './app/App';
import { preloadRoute } from './app/routes';
import { jsonLdText, Seo } from './components/Seo';
import { env } from './config/env';
import { paths, publicStaticPaths } from './config/paths';
import type { ArticleSummary } from './data/database.types';
import { listPublishedArticles } from './data/news';
import { mediaUrl } from './lib/rest';
import { newsArticleJsonLd } from './lib/structuredData';
import { metaDescription } from './lib/text';

export { env, paths, publicStaticPaths };

/**
 * React 19 writes a page's title, meta and link tags (and image preloads) at the start of the
 * HTML when there is no <head> in the tree; they belong in the document's head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)+/;

export type Rendered = { head: string; body: string };

function splitHead(html: string): Rendered {
  const head = HOISTED.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

/** The page at `url` as the browser's first render will draw it (code preloaded, no data yet). */
export async function render(url: string): Promise<Rendered> {
  await preloadRoute(url);
  return splitHead(
    renderToString(
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
    ),
  );
}

/**
 * The head of a published article's page. The body stays the page's loading state (the browser
 * loads the article, as it does after a client-side navigation), but link previews and search
 * engines get the article's own title, description, image and NewsArticle data.
 */
export function articleHead(article: ArticleSummary): string {
  const url = paths.article(article.id);
  const description = metaDescription(article.excerpt);
  const image = mediaUrl(article.image_url) ?? undefined;
  return splitHead(
    renderToString(
      <StaticRouter location={url}>
        <Seo title={article.title} description={description} image={image} type="article" />
      </StaticRouter>,
    ),
  ).head.concat(jsonLdScript(newsArticleJsonLd(article, description, image)));
}

// Escaped JSON (see jsonLdText), not CMS HTML: nothing to sanitise.
function jsonLdScript(data: object): string {
  return renderToString(
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />,
  );
}

/** Every published article, for the article pages and the sitemap. */
export function listArticles(): Promise<ArticleSummary[]> {
  return listPublishedArticles();
}
