import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../config/site-defaults';
import { dateRangeLabel, rallyLength, rallyPhase, type RallyPlaces } from './calendar';

// The seed's calendar: registration 1 September 2025 - 31 May 2026, the rally 22-28 June 2026.
const edition: SiteSettings['edition'] = {
  name: '2026 Europe Rally',
  year: 2026,
  startDate: '2026-06-22',
  endDate: '2026-06-28',
  startPlace: 'United Kingdom',
  finishPlace: 'Austria',
  price: 3950,
  deposit: 250,
  separateRoomsSupplement: null,
  capacity: 12,
  registrationOpens: '2025-09-01',
  registrationCloses: '2026-05-31',
  balanceDue: null,
  cancellationTiers: [],
  next: null,
};
const places = (remaining: number): RallyPlaces => ({
  capacity: 12,
  taken: 12 - remaining,
  remaining,
});
const at = (...parts: [number, number, number, number?, number?, number?]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0);

describe('rallyPhase', () => {
  it.each([
    // [now, places left, phase]
    [at(2025, 8, 31, 23, 59, 59), 5, 'before-opening'],
    [at(2025, 9, 1), 5, 'open'],
    [at(2026, 5, 31, 23, 59, 59), 5, 'open'],
    [at(2026, 5, 31, 23, 59, 59), 0, 'full'],
    [at(2026, 6, 1), 5, 'closed'],
    [at(2026, 6, 1), 0, 'closed'],
    [at(2026, 6, 21, 23, 59, 59), 5, 'closed'],
    [at(2026, 6, 22), 5, 'during'],
    [at(2026, 6, 28, 23, 59, 59), 0, 'during'],
    [at(2026, 6, 29), 5, 'after'],
    [at(2030, 1, 1), 5, 'after'],
  ] as const)('at %s with %i places left is %s', (now, remaining, phase) => {
    expect(rallyPhase(now, edition, places(remaining))).toBe(phase);
  });

  it('is open, not full, while the places count is not known, unless the capacity is 0', () => {
    expect(rallyPhase(at(2026, 3, 1), edition, null)).toBe('open');
    expect(rallyPhase(at(2026, 3, 1), { ...edition, capacity: 0 }, null)).toBe('full');
  });

  it('follows the settings: a later edition, a registration window moved', () => {
    const later = {
      ...edition,
      startDate: '2027-06-21',
      endDate: '2027-06-27',
      registrationOpens: '2026-10-01',
      registrationCloses: '2027-05-15',
    };
    expect(rallyPhase(at(2026, 9, 30, 12), later, null)).toBe('before-opening');
    expect(rallyPhase(at(2026, 10, 1), later, null)).toBe('open');
    expect(rallyPhase(at(2027, 5, 16), later, null)).toBe('closed');
  });
});

describe('dateRangeLabel and rallyLength', () => {
  it('writes the range as the site always has, within and across months and years', () => {
    expect(dateRangeLabel('2026-06-22', '2026-06-28')).toBe('22-28 June 2026');
    expect(dateRangeLabel('2026-06-29', '2026-07-03')).toBe('29 June - 3 July 2026');
    expect(dateRangeLabel('2026-12-30', '2027-01-02')).toBe('30 December 2026 - 2 January 2027');
    expect(dateRangeLabel('2026-04-18', '2026-04-18')).toBe('18 April 2026');
  });

  it('counts 7 days and 6 nights for 22-28 June', () => {
    expect(rallyLength(edition)).toEqual({ days: 7, nights: 6 });
  });
});
