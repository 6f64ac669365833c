import { useMemo, useState } from 'react';
import { Newspaper } from 'lucide-react';
import { ArticleCard } from '../../components/ArticleCard';
import { EmptyState } from '../../components/EmptyState';
import { CategoryFilter } from '../../components/CategoryFilter';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import type { ArticleSummary } from '../../data/types';
import { listPublishedArticles } from '../../data/news';
import { useDb } from '../../data/dbContext';
import { capitalise } from '../../lib/format';
import { useLoad } from '../../lib/useLoad';

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
  const news = useLoad('news', () => listPublishedArticles({}, db), { empty: [], prerender: true });
  const [category, setCategory] = useState<string | null>(null);
  const categories = useMemo(
    () =>
      [
        ...new Set(
          news.data.map((article) => article.category.trim().toLowerCase()).filter(Boolean),
        ),
      ].sort(),
    [news.data],
  );
  const shown = category
    ? news.data.filter((article) => article.category.trim().toLowerCase() === category)
    : news.data;

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
          <>
            {categories.length > 0 ? (
              <CategoryFilter
                categories={categories.map((name) => ({ value: name, label: capitalise(name) }))}
                selected={category}
                onSelect={setCategory}
                className="mb-8 flex flex-wrap gap-2"
              />
            ) : null}
            <NewsList articles={shown} />
          </>
        )}
      </Section>
    </>
  );
}
