import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Calendar } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import type { NewsArticle, NewsArticleImage } from '../../data/types';
import { getArticleForPreview, getPublishedArticle, listArticleImages } from '../../data/news';
import { useDb } from '../../data/dbContext';
import { capitalise } from '../../lib/format';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { mediaUrl } from '../../data/client';
import { sanitizeHtml } from '../../lib/sanitize';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import { newsArticleJsonLd } from '../../components/structuredData';
import { imageAlt, metaDescription } from '../../lib/text';
import { MediaImage } from '../../components/MediaImage';
import { useLoad } from '../../lib/useLoad';

/** The article column: the viewport less its padding (px-4, sm:px-6), at most 768 px (max-w-3xl). */
const ARTICLE_COLUMN_SIZES =
  '(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';
/** Extra photos: two per row (gap-6) from 640 px. */
const ARTICLE_PHOTO_SIZES =
  '(min-width: 816px) 372px, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)';

type Loaded = { article: NewsArticle | null; images: NewsArticleImage[] };

function BackToNews() {
  return (
    <Link
      to={paths.news}
      className="inline-flex items-center gap-2 font-semibold text-blue-800 hover:text-blue-600"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to News
    </Link>
  );
}

export function ArticleView({
  article,
  images,
}: {
  article: NewsArticle;
  images: NewsArticleImage[];
}) {
  const image = mediaUrl(article.image_url);
  const description = metaDescription(article.excerpt);
  const { organisation } = useSiteSettings();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Seo
        title={article.title}
        description={description}
        image={image ?? undefined}
        type="article"
        jsonLd={[newsArticleJsonLd(article, description, organisation, image ?? undefined)]}
      />
      <BackToNews />
      <p className="mt-8 flex flex-wrap items-center gap-3 text-sm">
        <span className="font-semibold text-blue-800">{capitalise(article.category)}</span>
        <span className="flex items-center gap-1 text-slate-600">
          <Calendar aria-hidden="true" className="h-4 w-4" />
          <time dateTime={article.published_date}>{formatLongDate(article.published_date)}</time>
        </span>
      </p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        {article.title}
      </h1>
      {image ? (
        // The page's largest paint: in the prerendered HTML, sized to the 768-px column.
        <MediaImage
          src={image}
          alt={imageAlt(article.image_alt, article.image_decorative)}
          sizes={ARTICLE_COLUMN_SIZES}
          width={1200}
          height={675}
          priority
          className="mt-8 aspect-video w-full rounded-2xl object-cover shadow"
        />
      ) : null}
      <div
        className="prose-article mt-8"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.content) }}
      />
      {images.length > 0 ? (
        <section className="mt-12" aria-label="Photos">
          <ul className="grid gap-6 sm:grid-cols-2">
            {images.map((extra) => (
              <li key={extra.id}>
                <figure>
                  {/* The alt text describes the picture; the caption, read after it, adds to it. */}
                  <MediaImage
                    src={extra.url}
                    alt={imageAlt(extra.alt, extra.decorative)}
                    sizes={ARTICLE_PHOTO_SIZES}
                    width={800}
                    height={600}
                    className="aspect-[4/3] w-full rounded-xl object-cover"
                  />
                  {extra.caption ? (
                    <figcaption className="mt-2 text-sm text-slate-600">{extra.caption}</figcaption>
                  ) : null}
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-12 border-t border-slate-200 pt-8">
        <BackToNews />
      </div>
    </article>
  );
}

export function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <Seo
        title="Article Not Found"
        description="This news article does not exist or is no longer published."
      />
      <EmptyState title="Article Not Found" titleAs="h1">
        <p>The article may have been moved or is no longer published.</p>
        <p className="mt-4">
          <BackToNews />
        </p>
      </EmptyState>
    </div>
  );
}

const NOT_LOADED: Loaded = { article: null, images: [] };

export default function ArticlePage() {
  return <ArticleScreen />;
}

/** The article of the URL; `preview` reads drafts too (with an administrator's client). */
export function ArticleScreen({ preview = false }: { preview?: boolean }) {
  const { id = '' } = useParams();
  const db = useDb();
  const loaded = useLoad<Loaded>(
    `${preview ? 'preview' : 'article'}:${id}`,
    async () => {
      const article = preview
        ? await getArticleForPreview(id, db)
        : await getPublishedArticle(id, db);
      return { article, images: article ? await listArticleImages(article.id, db) : [] };
    },
    { empty: NOT_LOADED, prerender: true },
  );
  if (loaded.loading) return <Spinner label="Loading article..." />;
  if (!loaded.data.article) return <ArticleNotFound />;
  return <ArticleView article={loaded.data.article} images={loaded.data.images} />;
}
