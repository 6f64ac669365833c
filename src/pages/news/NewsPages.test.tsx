import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import { articleRow, categoryFacets } from '../../test/rows';
import ArticlePage from './ArticlePage';
import NewsPage from './NewsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NewsPage', { timeout: 20_000 }, () => {
  it('shows loading, then the empty state when nothing is published', async () => {
    const { db } = fakeDb({ news_articles: [articleRow({ published: false })] });
    renderPage(<NewsPage />, { db });
    expect(screen.getByText('Loading news...')).toBeInTheDocument();
    expect(await screen.findByText('No news articles found')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for updates!')).toBeInTheDocument();
  });

  it('shows the featured article large with its badge, the rest newest first, and filters by capitalised category', async () => {
    const user = userEvent.setup({ delay: null });
    const articles = [
      articleRow({ title: 'Older news', category: 'news', published_date: '2026-01-10' }),
      articleRow({
        title: 'Big announcement',
        category: 'sponsorship',
        is_featured: true,
        published_date: '2026-02-01',
      }),
      articleRow({ title: 'Newest news', category: 'news', published_date: '2026-03-05' }),
    ];
    const { db } = fakeDb({
      news_articles: articles,
      content_facets: categoryFacets('news_articles', articles),
    });
    renderPage(<NewsPage />, { db, path: '/news' });
    const featured = (await screen.findByText('Featured')).closest('article') as HTMLElement;
    expect(within(featured).getByRole('heading')).toHaveTextContent('Big announcement');
    // Under the page's h1, the cards' titles are the second level of the outline.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Big announcement',
      'Newest news',
      'Older news',
    ]);
    expect(screen.getByText('5 March 2026')).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'News', 'Sponsorship']);
    await user.click(within(filters).getByRole('button', { name: 'News' }));
    // The filter is a new address and a new load: the list shown stays until it answers.
    await waitFor(() => expect(screen.queryByText('Big announcement')).toBeNull());
    expect(screen.getAllByRole('link', { name: /Read More/ })).toHaveLength(2);
  });

  it('pages through the articles with links, the page and the category in the address', async () => {
    const user = userEvent.setup({ delay: null });
    // 30 articles, day 30 the newest: 12 a page, so three pages (12, 12, 6).
    const articles = Array.from({ length: 30 }, (_, i) =>
      articleRow({
        title: `Day ${i + 1}`,
        category: i % 2 ? 'rally' : 'charity',
        published_date: `2026-03-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    const { db, requests } = fakeDb({
      news_articles: [...articles, articleRow({ title: 'A draft', published: false })],
      content_facets: categoryFacets('news_articles', articles),
    });
    const titles = () =>
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    renderPage(<NewsPage />, { db, path: '/news' });
    await waitFor(() => expect(titles()).toHaveLength(12));
    expect(titles()[0]).toBe('Day 30');
    // The page is cut on the server: only 12 rows were asked for.
    const read = requests.filter((request) => request.table === 'news_articles').pop();
    expect(read?.url.searchParams.get('limit')).toBe('12');
    const pages = screen.getByRole('navigation', { name: 'News pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/news?page=2',
    );
    expect(within(pages).queryByRole('link', { name: /Previous/ })).toBeNull();

    await user.click(within(pages).getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(titles()[0]).toBe('Day 18'));
    expect(titles()).toHaveLength(12);
    expect(
      within(screen.getByRole('navigation', { name: 'News pages' })).getByRole('link', {
        name: 'Page 2',
      }),
    ).toHaveAttribute('aria-current', 'page');

    // A category starts again at its first page, and its page links keep it.
    await user.click(
      within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', {
        name: 'Rally',
      }),
    );
    await waitFor(() => expect(titles()[0]).toBe('Day 30'));
    expect(titles()).toEqual(expect.not.arrayContaining(['Day 29']));
    expect(
      within(screen.getByRole('navigation', { name: 'News pages' })).getByRole('link', {
        name: 'Page 2',
      }),
    ).toHaveAttribute('href', '/news?category=rally&page=2');
  });

  it('shows the last page for a page past the end', async () => {
    const articles = Array.from({ length: 14 }, (_, i) =>
      articleRow({
        title: `Day ${i + 1}`,
        published_date: `2026-03-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    const { db } = fakeDb({ news_articles: articles });
    renderPage(<NewsPage />, { db, path: '/news?page=9' });
    expect(await screen.findByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Day 2',
      'Day 1',
    ]);
  });

  it('logs a failed load and shows the empty state', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb({}, { failing: { news_articles: 500 } });
    renderPage(<NewsPage />, { db });
    expect(await screen.findByText('No news articles found')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});

describe('ArticlePage', { timeout: 20_000 }, () => {
  const article = articleRow({
    title: 'Route revealed',
    excerpt: `<p>${'Mountains and lakes. '.repeat(12)}</p>`,
    content:
      '<p>Safe text</p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>',
    published_date: '2026-03-05',
  });

  it('shows the title, date, sanitised content, captioned images and the back link', async () => {
    const { db } = fakeDb({
      news_articles: [article],
      news_article_images: [
        { id: 'i2', article_id: article.id, url: 'seed/b.webp', caption: null, sort_order: 2 },
        {
          id: 'i1',
          article_id: article.id,
          url: 'seed/a.webp',
          caption: 'At the summit',
          sort_order: 1,
        },
      ],
    });
    renderPage(<ArticlePage />, { db, path: `/news/${article.id}`, pattern: '/news/:id' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Route revealed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('5 March 2026')).toBeInTheDocument();
    expect(screen.getByText('Safe text')).toBeInTheDocument();
    expect(document.querySelector('script:not([type="application/ld+json"])')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(await screen.findByText('At the summit')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to News' })[0]).toHaveAttribute(
      'href',
      '/news',
    );
    await vi.waitFor(() => {
      const description =
        document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
      expect(description).toHaveLength(155);
      expect(description).not.toContain('<');
    });
  });

  it("says 'Article Not Found' for a malformed id without asking the server", async () => {
    const { db, requests } = fakeDb({ news_articles: [article] });
    renderPage(<ArticlePage />, { db, path: '/news/not-a-uuid', pattern: '/news/:id' });
    expect(await screen.findByRole('heading', { name: 'Article Not Found' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("says 'Article Not Found' for an unpublished or unknown article", async () => {
    const draft = articleRow({ published: false });
    const { db } = fakeDb({ news_articles: [draft] });
    renderPage(<ArticlePage />, { db, path: `/news/${draft.id}`, pattern: '/news/:id' });
    expect(await screen.findByRole('heading', { name: 'Article Not Found' })).toBeInTheDocument();
  });
});
