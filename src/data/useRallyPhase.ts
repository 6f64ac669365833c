// The rally's phase for the page being drawn: the calendar's rule (src/lib/calendar.ts) applied
// to the layout's settings and places and the visitor's clock. Apart from the provider so the
// calendar's code loads with the header and the pages, not with the public entry.
import { rallyPhase, type RallyPhase, type RallyPlaces } from '../lib/calendar';
import { useNow } from '../lib/useNow';
import { useRallyPlaces, useSiteSettings } from './SiteSettingsProvider';

/**
 * The rally's phase now, by the build's time until the page is live. A page that counts the
 * places itself (usePlaces: /sign-up reloads them when a registration finds the rally full)
 * passes its count, which is then the one that decides "full".
 */
export function useRallyPhase(counted?: RallyPlaces | null): RallyPhase {
  const { edition } = useSiteSettings();
  const places = useRallyPlaces();
  return rallyPhase(useNow(), edition, counted ?? places);
}
