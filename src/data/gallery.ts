// Gallery images: the public grid is paged on the server so a large gallery costs the same
// first paint as a small one.
import { publicDb, type DbClient } from '../lib/rest';
import type { GalleryImage } from './database.types';
import { contentTable } from './content-table';

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

/**
 * Escapes the LIKE wildcards (and the escape character itself) so a visitor's text is matched
 * literally. PostgREST also reads `*` as `%` in like patterns, which has no escape, so it is
 * dropped rather than left to match everything.
 */
export function likePattern(text: string): string {
  const literal = text.replace(/\*/g, '').replace(/[\\%_]/g, (char) => `\\${char}`);
  return `%${literal}%`;
}

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

/** The distinct categories of published images, alphabetically (for the filter buttons). */
export async function listGalleryCategories(db: DbClient = publicDb): Promise<string[]> {
  const { data } = await db
    .from('gallery_images')
    .select('category')
    .eq('published', true)
    .not('category', 'is', null)
    .order('category', { ascending: true })
    .throwOnError();
  const names = data.map((row) => row.category?.trim() ?? '').filter((name) => name !== '');
  return [...new Set(names)];
}

/** Every gallery image, drafts included, and the administrator's writes. */
export const galleryAdmin = /* @__PURE__ */ contentTable<'gallery_images'>(
  (db) => db.from('gallery_images'),
  {
    column: 'sort_order',
    ascending: true,
  },
);
