// Videos managed in the admin; the public page shows the published ones after the fixed library.
import { publicDb, type DbClient } from '../lib/rest';
import type { Video } from './database.types';
import { contentTable } from './content-table';

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
export const videosAdmin = /* @__PURE__ */ contentTable<'videos'>((db) => db.from('videos'), {
  column: 'sort_order',
  ascending: true,
});
