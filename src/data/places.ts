// Places on the rally, counted by the database (rally_places(): capacity − registrations holding
// a place) and read here once for every page that shows them: the rally page's "Spots remaining",
// the sign-up page's full state, the calendar's "full" state.
import { useLoad, type LoadState } from '../lib/useLoad';
import { publicDb, type DbClient } from './client';
import { useDb } from './dbContext';

export type Places = { capacity: number; taken: number; remaining: number };

export async function getPlaces(db: DbClient = publicDb): Promise<Places> {
  const { data } = await db.rpc('rally_places').single().throwOnError();
  return data;
}

/** The places, prerendered with the page and refreshed in the browser; null until known. */
export function usePlaces(): LoadState<Places | null> {
  const db = useDb();
  return useLoad<Places | null>('places', () => getPlaces(db), { empty: null, prerender: true });
}
