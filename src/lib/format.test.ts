import { describe, expect, it } from 'vitest';
import { capitalise, formatBytes, formatLongDate, formatPercent, formatPounds } from './format';

describe('formatting', () => {
  it('prints dates in en-GB long form without shifting the day', () => {
    expect(formatLongDate('2026-03-05')).toBe('5 March 2026');
    expect(formatLongDate('2025-10-15')).toBe('15 October 2025');
  });

  it('prints pounds with thousands separators and no pence', () => {
    expect(formatPounds(3950)).toBe('£3,950');
    expect(formatPounds(250)).toBe('£250');
    expect(formatPounds(150000)).toBe('£150,000');
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
