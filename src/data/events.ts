import { publicDb, type DbClient } from '../lib/rest';
import type { RallyEvent } from './database.types';
import { contentTable } from './content-table';

/** Published events ordered by their (free-text) date, as the admin lists them. */
export async function listPublishedEvents(db: DbClient = publicDb): Promise<RallyEvent[]> {
  const { data } = await db
    .from('events')
    .select('*')
    .eq('published', true)
    .order('date', { ascending: true })
    .throwOnError();
  return data;
}

/** Every event, drafts included, ordered by date, and the administrator's writes. */
export const eventsAdmin = /* @__PURE__ */ contentTable<'events'>((db) => db.from('events'), {
  column: 'date',
  ascending: true,
});
