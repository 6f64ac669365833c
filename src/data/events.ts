import { publicDb, type DbClient } from './client';
import type { RallyEvent } from './types';
import { NEWEST, BY_ID, contentTable } from './content-table';

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
export const eventsAdmin = /* @__PURE__ */ contentTable<'events'>(
  'events',
  (db) => db.from('events'),
  {
    search: ['name', 'location', 'description'],
    filters: ['type'],
    sorts: {
      date: [{ column: 'date', ascending: true }, BY_ID],
      name: [{ column: 'name', ascending: true }, BY_ID],
      newest: NEWEST,
    },
    defaultSort: 'date',
  },
);
