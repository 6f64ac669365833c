import { describe, expect, it } from 'vitest';
import { countdownState } from './countdown';

const start = new Date(2026, 5, 22, 0, 0, 0);
const end = new Date(2026, 5, 29, 0, 0, 0);

describe('countdownState', () => {
  it('counts days, hours, minutes and seconds before the start', () => {
    expect(countdownState(new Date(2026, 5, 20, 22, 58, 30), start, end)).toEqual({
      phase: 'before',
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 30,
    });
  });

  it('is under way from the first second of 22 June until the end of 28 June', () => {
    expect(countdownState(start, start, end)).toEqual({ phase: 'during' });
    expect(countdownState(new Date(2026, 5, 28, 23, 59, 59), start, end)).toEqual({
      phase: 'during',
    });
  });

  it('has finished from 29 June and never counts below zero', () => {
    expect(countdownState(new Date(2026, 5, 29, 0, 0, 0), start, end)).toEqual({ phase: 'after' });
    expect(countdownState(new Date(2030, 0, 1), start, end)).toEqual({ phase: 'after' });
  });
});
