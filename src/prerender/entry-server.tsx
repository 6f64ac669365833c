// The server renderer the build's prerender step (src/prerender/site.ts) uses: the same
// providers and routes as the browser entry, rendered inside a StaticRouter. Built with
// `vite build --ssr`, so env, paths and data helpers are the ones the SPA was built with.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders, AppRoutes } from '../app/App';
import { prerenderedDataScript, type PrerenderedData } from './protocol';
import { preloadRoute } from '../app/routes';
import type { ArticleSummary } from '../data/types';
import { listPublishedArticles } from '../data/news';
import { listPublishedEditions } from '../data/editions';
import { publicDb } from '../data/client';
import type { Edition } from '../data/types';

/**
 * React 19 writes a page's title, meta and link tags (and image preloads) at the start of the
 * HTML when there is no <head> in the tree; they belong in the document's head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)+/;

/**
 * A page's head tags, its body (the content of #root) and the script element with the data it
 * was drawn from (empty when none), which goes after #root.
 */
export type Rendered = { head: string; body: string; data?: string };

function splitHead(html: string): Rendered {
  const head = HOISTED.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

const MAX_DATA_PASSES = 3;

/**
 * Renders `tree` to HTML. With `loadData`, the data its first view asks for (usePrerendered) is
 * loaded and drawn too: each pass renders, loads what that render asked for, and renders again,
 * until nothing new is asked (a request that fails is left to the browser). Returns the HTML and
 * the script element that ships the answers, so the browser's first render matches the HTML.
 */
export async function renderWithData(
  tree: (prerendered: PrerenderedData) => ReactElement,
  { loadData = false } = {},
): Promise<{ html: string; data: string }> {
  const values = new Map<string, unknown>();
  const failed = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    const wanted = new Map<string, () => Promise<unknown>>();
    const html = renderToString(tree({ values, wanted: loadData ? wanted : undefined }));
    const loads = [...wanted].filter(([key]) => !failed.has(key));
    if (loads.length === 0 || pass === MAX_DATA_PASSES) {
      return { html, data: prerenderedDataScript(values) };
    }
    await Promise.all(
      loads.map(async ([key, load]) => {
        try {
          values.set(key, await load());
        } catch (error) {
          failed.add(key);
          console.warn(`prerender: shipping the page without '${key}':`, error);
        }
      }),
    );
  }
}

/**
 * The page at `url` as the browser's first render will draw it: with the data of its first view
 * when `loadData` (the build can reach the database), else with data-driven parts loading.
 */
export async function render(url: string, options: { loadData?: boolean } = {}): Promise<Rendered> {
  await preloadRoute(url);
  const { html, data } = await renderWithData(
    (prerendered) => (
      <AppProviders prerendered={prerendered}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    ),
    options,
  );
  return { ...splitHead(html), data };
}

/** Every published edition, for their pages, the sitemap and where /rally leads. */
export function listEditions(): Promise<Edition[]> {
  return listPublishedEditions(publicDb);
}

/** Every published article, for the article pages and the sitemap. */
export function listArticles(): Promise<ArticleSummary[]> {
  return listPublishedArticles();
}
