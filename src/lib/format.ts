// Formatting in the site's locale (en-GB): long dates, whole numbers, file sizes. Money is
// money.ts's, moments (date and time) dateTime.ts's.
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
