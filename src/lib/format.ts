// Formatting in the site's locale (en-GB): long dates, date ranges, whole numbers, file sizes.
// Money is money.ts's, moments (date and time) dateTime.ts's. The Edge Functions' emails import
// this very file by its path (supabase/functions/_shared/email.ts), so it imports nothing.
//
// Written out rather than built on Intl: the page's first Intl.DateTimeFormat with a time zone
// costs a browser tens of milliseconds (50-70 ms measured in Chromium, before any CPU throttling;
// a phone pays several times that) while it loads time-zone data, on the page's main thread as
// it starts. The output is the en-GB format exactly; format.test.ts compares it with Intl.

export const MONTHS = [
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

/** 31000.4 → '31,000': rounded half away from zero, thousands separated by commas. */
export function formatWholeNumber(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  return `${value < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** Bytes as B, KB or MB (1024-based, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 31000 of 200000 → '15.5%' */
export function formatPercent(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** 'sponsorship' → 'Sponsorship' */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** '+44 (0)20 7946 0000' → 'tel:+442079460000': digits only, the UK's "(0)" dropped. */
export function phoneHref(phone: string): string {
  const international = phone.trim().startsWith('+');
  const digits = phone.replace(/\(0\)/g, '').replace(/\D/g, '');
  return `tel:${international ? '+' : ''}${digits}`;
}
