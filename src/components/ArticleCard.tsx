import { Link } from 'react-router-dom';
import { Calendar } from 'lucide-react';
import type { ArticleSummary } from '../data/types';
import { paths } from '../config/paths';
import { capitalise } from '../lib/format';
import { formatLongDate } from '../../supabase/functions/_shared/formats/dates';
import { mediaUrl } from '../data/client';
import { stripTags } from '../lib/text';
import { MediaImage } from './MediaImage';

/** The featured card's picture: full width, then three fifths of the 1280-px container. */
const FEATURED_SIZES = '(min-width: 1024px) 730px, calc(100vw - 32px)';
/** A card in the grid of up to three columns. */
const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, calc(100vw - 32px)';

/** A news card: image, category, date, title, excerpt and a 'Read More' link. */
export function ArticleCard({
  article,
  featured = false,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  featured?: boolean;
  /** 2 where the cards sit right under the page's h1 (the news page), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = mediaUrl(article.image_url);
  return (
    <article
      className={`group flex h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${
        featured ? 'flex-col lg:flex-row' : 'flex-col'
      }`}
    >
      {image ? (
        // Decorative here: the card's title, right below, says what the article is.
        <MediaImage
          src={image}
          alt=""
          sizes={featured ? FEATURED_SIZES : CARD_SIZES}
          width={featured ? 960 : 640}
          height={featured ? 640 : 400}
          priority={featured}
          className={`object-cover ${featured ? 'aspect-[3/2] w-full lg:w-3/5' : 'aspect-[16/10] w-full'}`}
        />
      ) : null}
      <div className={`flex flex-1 flex-col p-6 ${featured ? 'lg:p-10' : ''}`}>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {featured ? (
            <span className="rounded-full bg-amber-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-slate-950">
              Featured
            </span>
          ) : null}
          <span className="font-semibold text-blue-800">{capitalise(article.category)}</span>
          <span className="flex items-center gap-1 text-slate-600">
            <Calendar aria-hidden="true" className="h-4 w-4" />
            <time dateTime={article.published_date}>{formatLongDate(article.published_date)}</time>
          </span>
        </div>
        <Heading
          className={`mt-3 font-bold text-slate-900 ${featured ? 'text-2xl sm:text-3xl' : 'text-xl'}`}
        >
          {article.title}
        </Heading>
        <p className="mt-3 line-clamp-3 flex-1 text-slate-600">{stripTags(article.excerpt)}</p>
        <Link
          to={paths.article(article.id)}
          className="mt-5 inline-flex items-center gap-1 font-semibold text-blue-800 hover:text-blue-600"
        >
          Read More<span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </article>
  );
}
