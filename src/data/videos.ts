// Videos managed in the admin: every film the site lists (/videos, and /sponsors' interviews).
import { publicDb, type DbClient } from './client';
import type { Video } from './types';
import { ARRANGED, BY_YEAR, NEWEST, BY_ID, contentTable } from './content-table';

/** The published films in the admin's order (the first is the featured one), or one category's. */
export async function listPublishedVideos(
  db: DbClient = publicDb,
  category?: string,
): Promise<Video[]> {
  let query = db.from('videos').select('*').eq('published', true);
  if (category !== undefined) query = query.eq('category', category);
  const { data } = await query.order('sort_order', { ascending: true }).throwOnError();
  return data;
}

/** Every video, drafts included, and the administrator's writes. */
export const videosAdmin = /* @__PURE__ */ contentTable<'videos'>(
  'videos',
  (db) => db.from('videos'),
  {
    search: ['title', 'url', 'category'],
    filters: ['year'],
    sorts: {
      order: ARRANGED,
      title: [{ column: 'title', ascending: true }, BY_ID],
      year: BY_YEAR,
      newest: NEWEST,
    },
    defaultSort: 'order',
  },
);
