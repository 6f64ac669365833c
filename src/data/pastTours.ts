import { publicDb, type DbClient } from '../lib/rest';
import type { PastTour } from './database.types';
import { contentTable } from './content-table';

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
  (db) => db.from('past_tours'),
  {
    column: 'year',
    ascending: false,
  },
);
