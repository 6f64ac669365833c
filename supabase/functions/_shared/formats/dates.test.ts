// The one date formatter: calendar dates printed exactly as Intl's en-GB prints them (they are
// hand-written for the public pages), and moments in the rally's time zone, whatever the machine's.
import { describe, expect, test } from 'vitest';
import { formatDateTime, formatLongDate } from './dates';

describe('formatLongDate', () => {
  test('prints dates in en-GB long form without shifting the day', () => {
    expect(formatLongDate('2026-03-05')).toBe('5 March 2026');
    expect(formatLongDate('2025-10-15')).toBe('15 October 2025');
  });

  test('prints exactly what Intl prints for en-GB', () => {
    const intlDate = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 800; day += 1) {
      const date = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000);
      const iso = date.toISOString();
      expect(formatLongDate(iso.slice(0, 10))).toBe(intlDate.format(date));
      expect(formatLongDate(iso)).toBe(intlDate.format(date));
    }
  });

  test('leaves a value that is not a date as it is', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  test.each([
    ['2026-11-24T13:35:13+00:00', '24 Nov 2026, 13:35', '24 November 2026 at 13:35 GMT'],
    ['2026-06-24T13:35:13Z', '24 Jun 2026, 14:35', '24 June 2026 at 14:35 BST'],
    // Past midnight in London, still the day before in UTC.
    ['2026-06-30T23:30:00Z', '1 Jul 2026, 00:30', '1 July 2026 at 00:30 BST'],
    ['2026-03-29T00:59:59Z', '29 Mar 2026, 00:59', '29 March 2026 at 00:59 GMT'],
    ['2026-03-29T01:00:00Z', '29 Mar 2026, 02:00', '29 March 2026 at 02:00 BST'],
  ])('%s is %j, or %j', (iso, short, long) => {
    expect(formatDateTime(iso)).toBe(short);
    expect(formatDateTime(iso, 'long')).toBe(long);
  });

  test('no value is empty; a value that is no moment stays as it is', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon', 'long')).toBe('soon');
  });
});
