// Gallery images: the public grid is paged on the server so a large gallery costs the same
// first paint as a small one.
import { publicDb, type DbClient } from './client';
import type { GalleryImage } from './types';
import {
  ARRANGED,
  BY_YEAR,
  NEWEST,
  BY_ID,
  contentTable,
  listPublishedFacet,
} from './content-table';
import { likePattern } from './client';

export { likePattern };

export const GALLERY_PAGE_SIZE = 20;

export type GalleryQuery = {
  /** Zero-based page number. */
  page: number;
  /** null or undefined = every category ('All'). */
  category?: string | null;
  /** Case-insensitive substring of the title. */
  search?: string;
  pageSize?: number;
};

export type GalleryPage = { images: GalleryImage[]; total: number };

/** One page of published images matching the category and title search, plus the total count. */
export async function fetchGalleryPage(
  { page, category, search, pageSize = GALLERY_PAGE_SIZE }: GalleryQuery,
  db: DbClient = publicDb,
): Promise<GalleryPage> {
  let query = db.from('gallery_images').select('*', { count: 'exact' }).eq('published', true);
  if (category) query = query.eq('category', category);
  const term = search?.trim();
  if (term) query = query.ilike('title', likePattern(term));
  const from = page * pageSize;
  const { data, count } = await query
    .order('sort_order', { ascending: true })
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .range(from, from + pageSize - 1)
    .throwOnError();
  return { images: data, total: count ?? data.length };
}

/** The categories of published images, alphabetically (the filter's buttons): one row each. */
export function listGalleryCategories(db: DbClient = publicDb): Promise<string[]> {
  return listPublishedFacet(db, 'gallery_images', 'category');
}

/** Every gallery image, drafts included, and the administrator's writes. */
export const galleryAdmin = /* @__PURE__ */ contentTable<'gallery_images'>(
  'gallery_images',
  (db) => db.from('gallery_images'),
  {
    search: ['title', 'category'],
    searchText: 'search_text',
    filters: ['category', 'year'],
    sorts: {
      order: ARRANGED,
      title: [{ column: 'title', ascending: true }, BY_ID],
      year: BY_YEAR,
      newest: NEWEST,
    },
    defaultSort: 'order',
  },
);
