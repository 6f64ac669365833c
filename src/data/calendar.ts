// The places count the calendar's "full" state needs.
//
// The count is the organiser's (issue 11: rally_places() → {capacity, taken, remaining}, with its
// own data module). Until that branch is merged this answers null ("not known"), which the
// calendar reads as not full; on merge, loadRallyPlaces becomes a call to that module (the
// provider in SiteSettingsProvider.tsx loads it once per page, prerendered like the settings).
import type { RallyPlaces } from '../lib/calendar';
import type { DbClient } from './client';

export function loadRallyPlaces(db: DbClient): Promise<RallyPlaces | null> {
  void db;
  return Promise.resolve(null);
}
