// Formatting in the site's locale (en-GB): long dates, pounds, file sizes.

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '2026-03-05' → '5 March 2026'. Date-only values are calendar dates, so they are read and
 * printed in UTC: no visitor's time zone can move them to the day before.
 */
export function formatLongDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** 3950 → '£3,950' */
export function formatPounds(amount: number): string {
  return pounds.format(amount);
}

/** Bytes as B, KB or MB (1024-based, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 27000 of 150000 → '18.0%' */
export function formatPercent(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** 'sponsorship' → 'Sponsorship' */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
