import { publicDb, type DbClient } from '../lib/rest';
import type { PastTour } from './database.types';

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
