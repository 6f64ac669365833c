import { publicDb, type DbClient } from './client';
import type { PastTour } from './types';
import { BY_ID, contentTable } from './content-table';

/** Published past tours, most recent year first. */
export async function listPublishedPastTours(db: DbClient = publicDb): Promise<PastTour[]> {
  const { data } = await db
    .from('past_tours')
    .select('*')
    .eq('published', true)
    .order('year', { ascending: false })
    .throwOnError();
  return data;
}

/** Every past tour, drafts included, most recent year first, and the administrator's writes. */
export const pastToursAdmin = /* @__PURE__ */ contentTable<'past_tours'>(
  'past_tours',
  (db) => db.from('past_tours'),
  {
    search: ['route', 'funds_raised'],
    filters: ['year'],
    sorts: {
      newest: [
        { column: 'year', ascending: false },
        { column: 'created_at', ascending: false },
        BY_ID,
      ],
      oldest: [
        { column: 'year', ascending: true },
        { column: 'created_at', ascending: true },
        BY_ID,
      ],
      route: [{ column: 'route', ascending: true }, BY_ID],
    },
    defaultSort: 'newest',
  },
);
