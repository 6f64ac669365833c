import { describe, expect, it } from 'vitest';
import { eventRow } from '../test/rows';
import { eventDateLabel, splitByDate } from './events';

describe('events by date', () => {
  const april = eventRow({ name: 'April', starts_on: '2026-04-18' });
  const may = eventRow({ name: 'May', starts_on: '2026-05-10' });
  const rally = eventRow({ name: 'Rally', starts_on: '2026-06-22', ends_on: '2026-06-28' });

  it('never shows a past event as upcoming; one under way is still upcoming', () => {
    const { upcoming, past } = splitByDate([april, may, rally], '2026-06-25');
    expect(upcoming.map((event) => event.name)).toEqual(['Rally']);
    expect(past.map((event) => event.name)).toEqual(['May', 'April']);
    expect(splitByDate([april, may, rally], '2026-04-18').upcoming).toHaveLength(3);
  });

  it('shows the display text when there is one, else the dates', () => {
    expect(eventDateLabel(rally)).toBe('22-28 June 2026');
    expect(eventDateLabel({ ...may, date: 'Date TBC' })).toBe('Date TBC');
  });
});
