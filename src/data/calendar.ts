// The places count the calendar's "full" state needs: the organiser's rally_places() (capacity −
// registrations holding a place, src/data/places.ts). The layout loads it for every page, so the
// places module (and with it the REST client) is imported when the count is asked for, keeping
// supabase-js out of the public entry. A count that cannot be read is "not known" (null): the
// calendar then falls back on the capacity setting, so a failed read never shows a full rally.
import type { RallyPlaces } from '../lib/calendar';
import type { DbClient } from './client';

export async function loadRallyPlaces(db: DbClient): Promise<RallyPlaces | null> {
  const { getPlaces } = await import('./places');
  try {
    return await getPlaces(db);
  } catch (error) {
    console.warn('Could not count the places', error);
    return null;
  }
}
