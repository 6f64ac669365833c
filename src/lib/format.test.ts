import { describe, expect, it } from 'vitest';
import {
  capitalise,
  formatBytes,
  formatLongDate,
  formatPercent,
  formatWholeNumber,
} from './format';

describe('formatting', () => {
  it('prints dates in en-GB long form without shifting the day', () => {
    expect(formatLongDate('2026-03-05')).toBe('5 March 2026');
    expect(formatLongDate('2025-10-15')).toBe('15 October 2025');
  });

  // The formatters are hand-written (see format.ts); Intl is the reference for what en-GB prints.
  it('prints exactly what Intl prints for en-GB', () => {
    const intlDate = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const intlWhole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
    for (let day = 0; day < 800; day += 1) {
      const date = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000);
      const iso = date.toISOString();
      expect(formatLongDate(iso.slice(0, 10))).toBe(intlDate.format(date));
      expect(formatLongDate(iso)).toBe(intlDate.format(date));
    }
    const amounts = [
      0, 1, 999, 1000, 3950, 12345.5, 999999.49, 1234567, 250000000, -3950, 2.5, -2.5,
    ];
    for (const amount of amounts) {
      expect(formatWholeNumber(amount)).toBe(intlWhole.format(amount));
    }
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });

  it('prints the fundraising share to one decimal place', () => {
    expect(formatPercent(27000, 150000)).toBe('18.0%');
  });

  it('prints sizes in B, KB or MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('capitalises a category', () => {
    expect(capitalise('sponsorship')).toBe('Sponsorship');
  });
});
