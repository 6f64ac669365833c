import { describe, expect, it } from 'vitest';
import { finishAfter, parseLocalDateTime, rallyPhase } from './countdown';

const start = new Date(2026, 5, 22, 0, 0, 0);
const end = finishAfter(new Date(2026, 5, 28));

describe('rallyPhase', () => {
  it('counts days, hours, minutes and seconds before the start', () => {
    expect(rallyPhase(new Date(2026, 5, 20, 22, 58, 30), start, end)).toEqual({
      phase: 'before',
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 30,
    });
  });

  it('is under way from the first second of 22 June until the end of 28 June', () => {
    expect(rallyPhase(start, start, end)).toEqual({ phase: 'during' });
    expect(rallyPhase(new Date(2026, 5, 28, 23, 59, 59), start, end)).toEqual({ phase: 'during' });
  });

  it('has finished from 29 June and never counts below zero', () => {
    expect(rallyPhase(new Date(2026, 5, 29, 0, 0, 0), start, end)).toEqual({ phase: 'after' });
    expect(rallyPhase(new Date(2030, 0, 1), start, end)).toEqual({ phase: 'after' });
  });
});

describe('parseLocalDateTime', () => {
  it('reads the setting as local time, accepts a bare date and refuses nonsense', () => {
    expect(parseLocalDateTime('2026-06-22T00:00:00')?.getTime()).toBe(start.getTime());
    expect(parseLocalDateTime('2026-06-22')?.getTime()).toBe(start.getTime());
    expect(parseLocalDateTime('next summer')).toBeNull();
    expect(parseLocalDateTime('')).toBeNull();
  });
});
