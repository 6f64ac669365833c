import { describe, expect, it } from 'vitest';
import { capitalise, formatBytes, formatPercent, formatWholeNumber } from './format';

describe('formatting', () => {
  // The formatters are hand-written (see format.ts); Intl is the reference for what en-GB prints.
  it('prints whole numbers exactly as Intl prints them for en-GB', () => {
    const intlWhole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
    const amounts = [
      0, 1, 999, 1000, 3950, 12345.5, 999999.49, 1234567, 250000000, -3950, 2.5, -2.5,
    ];
    for (const amount of amounts) {
      expect(formatWholeNumber(amount)).toBe(intlWhole.format(amount));
    }
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
