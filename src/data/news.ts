// News articles (one table, `news_articles`, serves the home block, the list and the detail page).
import { isUuid } from '../../supabase/functions/_shared/formats/uuid';
import { publicDb, type DbClient } from './client';
import type { ArticleSummary, Insert, NewsArticle, NewsArticleImage } from './types';
import {
  BY_ID,
  contentTable,
  listPager,
  listPublishedFacet,
  type ListPage,
  type OrderTerm,
} from './content-table';

// Every column but the body, which only the article's own page shows.
const SUMMARY_COLUMNS =
  'id,title,excerpt,image_url,image_alt,image_decorative,category,is_featured,published,published_date,created_at,updated_at';

/** Newest first: the spec's published_date, then the most recently written, then the id. */
const NEWEST_FIRST: readonly OrderTerm<'news_articles'>[] = [
  { column: 'published_date', ascending: false },
  { column: 'created_at', ascending: false },
  BY_ID,
];

/** Published articles, newest first, without their bodies; `limit` for the home page's block. */
export async function listPublishedArticles(
  options: { limit?: number } = {},
  db: DbClient = publicDb,
): Promise<ArticleSummary[]> {
  let query = db
    .from('news_articles')
    .select(SUMMARY_COLUMNS)
    .eq('published', true)
    .order('published_date', { ascending: false })
    .order('created_at', { ascending: false });
  if (options.limit !== undefined) query = query.limit(options.limit);
  const { data } = await query.throwOnError();
  return data;
}

/** Articles a page of /news shows. */
export const NEWS_PAGE_SIZE = 12;

/** A view of /news: 1-based page, one category or all (null). */
export type NewsView = { page: number; category: string | null };

/** A page of /news: the list core's page, and the category it answers for. */
export type PublishedArticlePage = Omit<ListPage<ArticleSummary>, 'tableTotal'> & {
  category: string | null;
};

// The public list through the admin lists' core: counted, cut on the server, a page past the end
// answered with the last one. Row-level security gives a visitor published articles only; the
// filter says so anyway (a signed-in administrator's client reads drafts too).
const publishedPage = listPager<'news_articles', ArticleSummary>(
  (db, { head }) =>
    db
      .from('news_articles')
      .select(SUMMARY_COLUMNS, { count: 'exact', head })
      .eq('published', true),
  {
    search: [],
    filters: ['category'],
    sorts: { newest: NEWEST_FIRST },
    defaultSort: 'newest',
  },
);

/** One page of published articles, newest first, of one category or all. */
export async function listPublishedArticlePage(
  { page, category }: NewsView,
  db: DbClient = publicDb,
): Promise<PublishedArticlePage> {
  const {
    rows,
    total,
    page: served,
    pageCount,
  } = await publishedPage(db, {
    search: '',
    status: null,
    filters: category ? { category } : {},
    sort: 'newest',
    page,
    pageSize: NEWS_PAGE_SIZE,
  });
  return { rows, total, page: served, pageCount, category };
}

/** The categories of published articles (the filter's buttons): one row per category. */
export function listNewsCategories(db: DbClient = publicDb): Promise<string[]> {
  return listPublishedFacet(db, 'news_articles', 'category');
}

/**
 * One published article, or null when the id is malformed, unknown or unpublished (the page
 * then shows 'Article Not Found'; a malformed id never reaches the server).
 */
export async function getPublishedArticle(
  id: string,
  db: DbClient = publicDb,
): Promise<NewsArticle | null> {
  if (!isUuid(id)) return null;
  const { data } = await db
    .from('news_articles')
    .select('*')
    .eq('id', id)
    .eq('published', true)
    .maybeSingle()
    .throwOnError();
  return data;
}

/**
 * Any article the caller may read, drafts included: the preview, with the administrator's
 * client (row-level security gives anyone else published articles only).
 */
export async function getArticleForPreview(id: string, db: DbClient): Promise<NewsArticle | null> {
  if (!isUuid(id)) return null;
  const { data } = await db
    .from('news_articles')
    .select('*')
    .eq('id', id)
    .is('deleted_at', null)
    .maybeSingle()
    .throwOnError();
  return data;
}

/** The extra images of an article, in the administrator's order. */
export async function listArticleImages(
  articleId: string,
  db: DbClient = publicDb,
): Promise<NewsArticleImage[]> {
  const { data } = await db
    .from('news_article_images')
    .select('*')
    .eq('article_id', articleId)
    .order('sort_order', { ascending: true })
    .throwOnError();
  return data;
}

/** Every article, drafts included, newest first, and the administrator's writes. */
export const articlesAdmin = /* @__PURE__ */ contentTable<'news_articles'>(
  'news_articles',
  (db) => db.from('news_articles'),
  {
    search: ['title', 'excerpt'],
    filters: ['category'],
    sorts: {
      newest: NEWEST_FIRST,
      oldest: [
        { column: 'published_date', ascending: true },
        { column: 'created_at', ascending: true },
        BY_ID,
      ],
      title: [{ column: 'title', ascending: true }, BY_ID],
    },
    defaultSort: 'newest',
  },
);

/** Creates an article and returns it, so its extra images can be attached to its id. */
export async function insertArticle(
  db: DbClient,
  article: Insert<'news_articles'>,
): Promise<NewsArticle> {
  const { data } = await db.from('news_articles').insert(article).select().single().throwOnError();
  return data;
}

export type ArticleImageInput = { url: string; caption: string; alt: string; decorative: boolean };

/**
 * Replaces an article's extra images with `images`, in that order. An empty list leaves the
 * existing images alone (the spec's rule: saving without extra images keeps the old ones).
 */
export async function replaceArticleImages(
  db: DbClient,
  articleId: string,
  images: readonly ArticleImageInput[],
): Promise<void> {
  if (images.length === 0) return;
  await db.from('news_article_images').delete().eq('article_id', articleId).throwOnError();
  await db
    .from('news_article_images')
    .insert(
      images.map((image, position) => ({
        article_id: articleId,
        url: image.url,
        caption: image.caption.trim() || null,
        alt: image.alt,
        decorative: image.decorative,
        sort_order: position,
      })),
    )
    .throwOnError();
}
