// Videos managed in the admin; the public page shows the published ones after the fixed library.
import { publicDb, type DbClient } from './client';
import type { Video } from './types';
import { ARRANGED, BY_YEAR, NEWEST, BY_ID, contentTable } from './content-table';

export async function listPublishedVideos(db: DbClient = publicDb): Promise<Video[]> {
  const { data } = await db
    .from('videos')
    .select('*')
    .eq('published', true)
    .order('sort_order', { ascending: true })
    .throwOnError();
  return data;
}

/** Every video, drafts included, and the administrator's writes. */
export const videosAdmin = /* @__PURE__ */ contentTable<'videos'>(
  'videos',
  (db) => db.from('videos'),
  {
    search: ['title', 'url'],
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
