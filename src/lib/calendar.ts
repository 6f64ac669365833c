// Where the rally is in its year, from the edition's dates and the places left: the one rule the
// countdown, the calls to action, the nav button, /sign-up and the rally page follow.
//
// Calendar dates are the visitor's days: registration opens at midnight starting its opening
// day, closes at midnight after its closing day; the rally runs from midnight starting its first
// day to midnight after its last (as the countdown always has).
import type { CalendarDate, SiteSettings } from '../config/site-defaults';
import { dayParts } from '../../supabase/functions/_shared/formats/dates';

type Edition = SiteSettings['edition'];

/** The places count (the organiser's rally_places()); null while it is not known. */
export type RallyPlaces = { capacity: number; taken: number; remaining: number };

export type RallyPhase =
  /** Registration has not opened: visitors register their interest. */
  | 'before-opening'
  /** Teams can register and pay the deposit. */
  | 'open'
  /** Registration is open but every place is taken. */
  | 'full'
  /** Registration has closed; the rally has not started. */
  | 'closed'
  /** On the road now. */
  | 'during'
  /** Finished: thanks, results, photos, the next edition. */
  | 'after';

/** Local midnight starting `day` ('YYYY-MM-DD'). */
export function startOfDay(day: CalendarDate): Date {
  const [year, month, date] = dayParts(day);
  return new Date(year, month - 1, date);
}

/** Local midnight after `day`. */
export function endOfDay(day: CalendarDate): Date {
  const start = startOfDay(day);
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
}

export function rallyPhase(now: Date, edition: Edition, places: RallyPlaces | null): RallyPhase {
  const t = now.getTime();
  if (t >= endOfDay(edition.endDate).getTime()) return 'after';
  if (t >= startOfDay(edition.startDate).getTime()) return 'during';
  if (t < startOfDay(edition.registrationOpens).getTime()) return 'before-opening';
  if (t >= endOfDay(edition.registrationCloses).getTime()) return 'closed';
  // Until the places are counted, a capacity of 0 still means there are none.
  if ((places ? places.remaining : edition.capacity) <= 0) return 'full';
  return 'open';
}

/** Whether a team may register and pay a deposit now. */
export const registrationOpen = (phase: RallyPhase) => phase === 'open';

// The range's label is a date format (formats/dates.ts, which the emails share); the pages take it
// from here with the rest of the rally's calendar.
export { dateRangeLabel } from '../../supabase/functions/_shared/formats/dates';

/** The rally's length: 5-11 July is 7 days and 6 nights. */
export function rallyLength(edition: Edition): { days: number; nights: number } {
  const days =
    Math.round(
      (Date.parse(`${edition.endDate}T00:00:00Z`) - Date.parse(`${edition.startDate}T00:00:00Z`)) /
        86_400_000,
    ) + 1;
  return { days, nights: Math.max(days - 1, 0) };
}
