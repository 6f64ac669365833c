// Dates as the rally writes them, in en-GB: calendar dates ('2027-01-15', no time zone) as
// '15 January 2027' and date ranges, and moments (timestamps) in the rally's own time zone,
// Europe/London. The one date formatter of the site, the admin and the emails.
//
// Calendar dates are written out rather than built on Intl: the page's first Intl.DateTimeFormat
// with a time zone costs a browser tens of milliseconds (50-70 ms measured in Chromium, before any
// CPU throttling; a phone pays several times that) while it loads time-zone data, on the page's
// main thread as it starts. The output is the en-GB format exactly; dates.test.ts compares it with
// Intl. Moments need the time zone, so they are Intl's, built on first use and never on import:
// only the admin, the emails and the waiting-list offer's page (which says until when the place is
// held, as its email does) pay for it.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * '2026-03-05' → '5 March 2026'. Date-only values are calendar dates, so they are read and
 * printed in UTC: no visitor's time zone can move them to the day before.
 */
export function formatLongDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** '2027-07-05' → [2027, 7, 5] */
export function dayParts(day: string): [number, number, number] {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return [year, month, date];
}

/** '5-11 July 2027', '29 June - 3 July 2027', '30 December 2027 - 2 January 2028'. */
export function dateRangeLabel(start: string, end: string): string {
  const [y1, m1, d1] = dayParts(start);
  const [y2, m2, d2] = dayParts(end);
  const month1 = MONTHS[m1 - 1] ?? '';
  const month2 = MONTHS[m2 - 1] ?? '';
  if (start === end) return `${d1} ${month1} ${y1}`;
  if (y1 === y2 && m1 === m2) return `${d1}-${d2} ${month1} ${y1}`;
  if (y1 === y2) return `${d1} ${month1} - ${d2} ${month2} ${y1}`;
  return `${d1} ${month1} ${y1} - ${d2} ${month2} ${y2}`;
}

const ZONE = 'Europe/London';

let formats: { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat; zone: Intl.DateTimeFormat };

function built() {
  formats ??= {
    short: new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: ZONE,
    }),
    long: new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: ZONE,
    }),
    zone: new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeZoneName: 'short' }),
  };
  return formats;
}

/**
 * '2026-11-24T13:35:13Z' → '24 Nov 2026, 13:35' (the admin's lists); with 'long', for a reader
 * away from the site, → '24 November 2026 at 13:35 GMT' (BST in summer). Empty for no value; a
 * value that is not a moment is returned as it is.
 */
export function formatDateTime(iso: string | null | undefined, style: 'short' | 'long' = 'short') {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { short, long, zone } = built();
  if (style === 'short') return short.format(date);
  const name = zone.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${long.format(date)} ${name ?? ''}`.trim();
}
