// Events: published ones for the public pages (upcoming and past by their dates), and every one
// for the administrator, ordered by their real dates.
import { publicDb, type DbClient } from './client';
import { dateRangeLabel } from '../lib/calendar';
import type { RallyEvent } from './types';
import { NEWEST, BY_ID, contentTable } from './content-table';

/** Published events, soonest first (by start date, then time). */
export async function listPublishedEvents(db: DbClient = publicDb): Promise<RallyEvent[]> {
  const { data } = await db
    .from('events')
    .select('*')
    .eq('published', true)
    .order('starts_on', { ascending: true })
    .order('time', { ascending: true })
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
      date: [{ column: 'starts_on', ascending: true }, { column: 'time', ascending: true }, BY_ID],
      name: [{ column: 'name', ascending: true }, BY_ID],
      newest: NEWEST,
    },
    defaultSort: 'date',
  },
);

/** What the lists show as an event's date: its display text ('TBC') if any, else its dates. */
export function eventDateLabel(event: Pick<RallyEvent, 'date' | 'starts_on' | 'ends_on'>): string {
  return event.date.trim() || dateRangeLabel(event.starts_on, event.ends_on ?? event.starts_on);
}

/** Events still to come or under way on `today` ('YYYY-MM-DD'), and those over, most recent first. */
export function splitByDate(
  events: RallyEvent[],
  today: string,
): { upcoming: RallyEvent[]; past: RallyEvent[] } {
  const over = (event: RallyEvent) => (event.ends_on ?? event.starts_on) < today;
  return {
    upcoming: events.filter((event) => !over(event)),
    past: events.filter(over).reverse(),
  };
}
