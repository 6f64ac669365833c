// A prerendered page with data (issue 5): the build renders it with the answers of its first
// view and ships them in the HTML; the browser adopts that HTML from the same answers without a
// mismatch or a loading state, then refreshes them.
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithData } from '../prerender/entry-server';
import { DbProvider } from '../data/dbContext';
import { readPrerenderedData, type PrerenderedData } from '../prerender/protocol';
import type { DbClient } from '../data/client';
import { fakeDb } from '../test/fakeRest';
import { articleRow } from '../test/rows';
import { AppProviders, AppRoutes } from './App';
import { preloadRoute } from './routes';

const page =
  (db: DbClient, url: string) =>
  (prerendered?: PrerenderedData): ReactElement => (
    <AppProviders prerendered={prerendered}>
      <DbProvider db={db}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </DbProvider>
    </AppProviders>
  );

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Puts the build's output in the document, as the prerendered file would. */
function serve({ html, data }: { html: string; data: string }) {
  document.body.innerHTML = `<div id="root">${html}</div>${data}`;
  return document.getElementById('root') as HTMLElement;
}

describe('prerendered data', { timeout: 20_000 }, () => {
  it('ships the news list in the HTML and hydrates from it, then refreshes it', async () => {
    const news = [articleRow({ title: 'Built into the page', published_date: '2026-03-01' })];
    const { db, requests } = fakeDb({ news_articles: news });
    await preloadRoute('/news');

    const built = await renderWithData(page(db, '/news'), { loadData: true });
    expect(built.html).toContain('Built into the page');
    expect(built.html).not.toContain('Loading news...');
    expect(built.data).toMatch(/^<script type="application\/json" id="prerendered-data">/);

    // Published after the build: the browser shows it once it has refreshed the list.
    news.unshift(articleRow({ title: 'Published since', published_date: '2026-04-01' }));
    const container = serve(built);
    const before = requests.length;
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(container, page(db, '/news')(readPrerenderedData()), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.queryByText('Loading news...')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Built into the page' })).toBeInTheDocument();
    // The refresh is not part of adopting the page: it waits until the browser is idle.
    expect(requests.length).toBe(before);
    // Idle comes late on a busy machine: allow it more than waitFor's default second.
    await waitFor(
      () => expect(screen.getByRole('heading', { name: 'Published since' })).toBeInTheDocument(),
      { timeout: 5000 },
    );
    expect(requests.length).toBeGreaterThan(before);
  });

  it("keeps the build's answer when the refresh fails, instead of emptying the page", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb({ news_articles: [articleRow({ title: 'Still here' })] });
    await preloadRoute('/news');
    const built = await renderWithData(page(db, '/news'), { loadData: true });

    const { db: down, requests } = fakeDb({}, { failing: { news_articles: 500 } });
    const container = serve(built);
    await act(async () => {
      root = hydrateRoot(container, page(down, '/news')(readPrerenderedData()));
    });
    // The layout's own loads (settings, places) may warn first: wait for the articles' refresh.
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/^Could not load news/),
        expect.anything(),
      ),
    );
    expect(requests.some((request) => request.table === 'news_articles')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
    expect(screen.queryByText('No news articles found')).toBeNull();
  });

  it("draws the rally's state at build time, so the home page does not shift when the clock arrives", async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 12), toFake: ['Date'] });
    try {
      const { db } = fakeDb({ sponsors: [], news_articles: [], testimonials: [] });
      await preloadRoute('/');
      const built = await renderWithData(page(db, '/'), { loadData: true });
      expect(built.html).toContain('The 2026 Europe Rally has finished');
      expect(built.html).not.toContain('data-unit');

      const errors: unknown[] = [];
      const container = serve(built);
      await act(async () => {
        root = hydrateRoot(container, page(db, '/')(readPrerenderedData()), {
          onRecoverableError: (error) => errors.push(error),
        });
      });
      expect(errors).toEqual([]);
      expect(screen.getByText('The 2026 Europe Rally has finished')).toBeInTheDocument();

      // Built before the rally: no numbers until the browser's clock is known.
      vi.setSystemTime(new Date(2026, 4, 1));
      const early = await renderWithData(page(db, '/'), { loadData: true });
      expect(early.html).toContain('Countdown to the start');
      expect(early.html).toMatch(/data-unit="days">--</);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ships the first page of the gallery and its categories', async () => {
    const { db } = fakeDb({
      gallery_images: [
        {
          id: 'g1',
          title: 'Col de la Bonette',
          url: 'seed/gallery/bonette.webp',
          category: 'Alps',
          year: 2025,
          published: true,
          sort_order: 1,
        },
      ],
      content_facets: [
        { table_name: 'gallery_images', column_name: 'category', value: 'Alps', row_count: 1 },
      ],
    });
    await preloadRoute('/gallery');
    const built = await renderWithData(page(db, '/gallery'), { loadData: true });
    expect(built.html).toContain('alt="Col de la Bonette"');
    expect(built.html).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Alps<\/button>/);
    expect(JSON.parse(built.data.replace(/<[^>]+>/g, ''))).toHaveProperty(['gallery', 'total'], 1);
  });

  it('leaves a failed request to the browser and renders without data when told to', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb({}, { failing: { news_articles: 500 } });
    await preloadRoute('/news');
    const failed = await renderWithData(page(db, '/news'), { loadData: true });
    expect(failed.html).toContain('Loading news...');
    expect(failed.data).not.toContain('"news"');
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining("without 'news'"),
      expect.anything(),
    );

    const { db: working, requests } = fakeDb({ news_articles: [articleRow()] });
    const without = await renderWithData(page(working, '/news'));
    expect(without.html).toContain('Loading news...');
    expect(requests).toHaveLength(0);
  });

  it('keeps a string from the CMS from closing the data script', async () => {
    const { db } = fakeDb({
      news_articles: [articleRow({ title: '</script><script>alert(1)</script>' })],
    });
    await preloadRoute('/news');
    const { data } = await renderWithData(page(db, '/news'), { loadData: true });
    expect(data.match(/<\/script>/g)).toHaveLength(1);
    serve({ html: '', data });
    expect(readPrerenderedData().values.get('news')).toMatchObject({
      rows: [expect.objectContaining({ title: '</script><script>alert(1)</script>' })],
    });
  });
});
