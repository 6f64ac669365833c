import type { ArticleSummary } from '../../data/types';
import { ArticleCard } from '../../components/ArticleCard';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';

export function LatestNews({
  loading,
  articles,
}: {
  loading: boolean;
  articles: ArticleSummary[];
}) {
  if (loading) return <Spinner label="Loading news..." />;
  if (articles.length === 0)
    return <EmptyState title="No news articles available yet. Check back soon!" />;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id}>
          <ArticleCard article={article} />
        </li>
      ))}
    </ul>
  );
}
