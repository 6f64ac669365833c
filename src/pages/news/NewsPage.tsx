// /news: published articles, newest first, a page at a time (the server counts and cuts them, so
// 1,000 articles cost the first page what 20 do), with the category filter. The page and the
// category live in the URL (?category=…&page=N) and the pages are links, so Back returns to the
// page before and a crawler reaches every article. The first page of all categories comes with the
// prerendered HTML; any other view of the same HTML starts from it and is replaced once loaded.
import { useEffect } from 'react';
import { Newspaper } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ArticleCard } from '../../components/ArticleCard';
import { EmptyState } from '../../components/EmptyState';
import { CategoryFilter } from '../../components/CategoryFilter';
import { PageHero, Section } from '../../components/PageHero';
import { Pagination } from '../../components/Pagination';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import type { ArticleSummary } from '../../data/types';
import {
  listNewsCategories,
  listPublishedArticlePage,
  type NewsView,
  type PublishedArticlePage,
} from '../../data/news';
import { useDb } from '../../data/dbContext';
import { capitalise } from '../../lib/format';
import { useLoad } from '../../lib/useLoad';

/** The view a /news address asks for: a missing or malformed page number is page 1. */
export function readNewsView(search: string): NewsView {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const category = params.get('category')?.trim().toLowerCase();
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, category: category || null };
}

/** The address of a view; the first page of all categories is plain /news (the canonical one). */
export function newsHref({ page, category }: NewsView): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `/news?${text}` : '/news';
}

/** The load's key: 'news' is the view the build prerenders. */
const newsKey = (view: NewsView) =>
  newsHref(view)
    .replace(/^\/news\??/, 'news?')
    .replace(/\?$/, '');

const NONE: PublishedArticlePage = { rows: [], total: 0, page: 1, pageCount: 1, category: null };

/** The list below the filter: the newest featured article large, the rest as cards. */
export function NewsList({ articles }: { articles: ArticleSummary[] }) {
  if (articles.length === 0) {
    return (
      <EmptyState
        title="No news articles found"
        icon={<Newspaper aria-hidden="true" className="h-10 w-10" />}
      >
        Check back soon for updates!
      </EmptyState>
    );
  }
  const featured = articles.find((article) => article.is_featured);
  const others = articles.filter((article) => article !== featured);
  return (
    <div className="space-y-10">
      {featured ? <ArticleCard article={featured} featured headingLevel={2} /> : null}
      {others.length > 0 ? (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {others.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function NewsPage() {
  const db = useDb();
  const navigate = useNavigate();
  const { search } = useLocation();
  const view = readNewsView(search);
  const key = newsKey(view);
  const news = useLoad(key, () => listPublishedArticlePage(view, db), {
    empty: NONE,
    prerender: true,
    prerenderKey: 'news',
    keepPrevious: true,
  });
  const categories = useLoad('news-categories', () => listNewsCategories(db), {
    empty: [],
    prerender: true,
  });
  // Everything below is drawn from the answer, not the address: while another view loads, the
  // page shows the one it has, whole (its filter and its page links included).
  const shown = news.data;
  const settled = !news.stale && !news.busy;

  // A page past the end (an old link, articles unpublished since) showed the last one: say so in
  // the address too, without a history entry, so Back still leaves the list.
  useEffect(() => {
    if (settled && !news.failed && shown.page !== view.page)
      void navigate(newsHref({ page: shown.page, category: view.category }), { replace: true });
  }, [settled, news.failed, shown.page, view.page, view.category, navigate]);

  return (
    <>
      <Seo
        title="News"
        description="News from the Europe Rally: route updates, team stories, sponsor announcements and fundraising milestones."
      />
      <PageHero eyebrow="News" title="Rally news">
        <p>Updates from the organisers, the teams and the charity.</p>
      </PageHero>
      <Section>
        {news.loading ? (
          <Spinner label="Loading news..." />
        ) : (
          <div aria-busy={news.busy}>
            {categories.data.length > 0 ? (
              <CategoryFilter
                categories={categories.data.map((name) => ({
                  value: name,
                  label: capitalise(name),
                }))}
                selected={shown.category}
                onSelect={(category) => void navigate(newsHref({ page: 1, category }))}
                className="mb-8 flex flex-wrap gap-2"
              />
            ) : null}
            <NewsList articles={shown.rows} />
            <Pagination
              page={shown.page}
              pageCount={shown.pageCount}
              href={(page) => newsHref({ page, category: shown.category })}
              label="News pages"
            />
          </div>
        )}
      </Section>
    </>
  );
}
