// Where the rally is in its year, from the edition's dates and the places left: the one rule the
// countdown, the calls to action, the nav button, /sign-up and the rally page follow.
//
// Calendar dates are the visitor's days: registration opens at midnight starting its opening
// day, closes at midnight after its closing day; the rally runs from midnight starting its first
// day to midnight after its last (as the countdown always has).
import type { CalendarDate, SiteSettings } from '../config/site-defaults';
import { MONTHS } from './format';

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

/** '2027-07-05' → [2027, 7, 5] */
function parts(day: CalendarDate): [number, number, number] {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return [year, month, date];
}

/** Local midnight starting `day` ('YYYY-MM-DD'). */
export function startOfDay(day: CalendarDate): Date {
  const [year, month, date] = parts(day);
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

/** '5-11 July 2027', '29 June - 3 July 2027', '30 December 2027 - 2 January 2028'. */
export function dateRangeLabel(start: CalendarDate, end: CalendarDate): string {
  const [y1, m1, d1] = parts(start);
  const [y2, m2, d2] = parts(end);
  const month1 = MONTHS[m1 - 1] ?? '';
  const month2 = MONTHS[m2 - 1] ?? '';
  if (start === end) return `${d1} ${month1} ${y1}`;
  if (y1 === y2 && m1 === m2) return `${d1}-${d2} ${month1} ${y1}`;
  if (y1 === y2) return `${d1} ${month1} - ${d2} ${month2} ${y1}`;
  return `${d1} ${month1} ${y1} - ${d2} ${month2} ${y2}`;
}

/** The rally's length: 5-11 July is 7 days and 6 nights. */
export function rallyLength(edition: Edition): { days: number; nights: number } {
  const days =
    Math.round(
      (Date.parse(`${edition.endDate}T00:00:00Z`) - Date.parse(`${edition.startDate}T00:00:00Z`)) /
        86_400_000,
    ) + 1;
  return { days, nights: Math.max(days - 1, 0) };
}
