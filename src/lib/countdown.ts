// The rally clock: before the start a countdown, then "under way", then "finished".

export type CountdownState =
  | { phase: 'before'; days: number; hours: number; minutes: number; seconds: number }
  | { phase: 'during' }
  | { phase: 'after' };

export function countdownState(now: Date, start: Date, end: Date): CountdownState {
  const remaining = start.getTime() - now.getTime();
  if (remaining > 0) {
    const totalSeconds = Math.floor(remaining / 1000);
    return {
      phase: 'before',
      days: Math.floor(totalSeconds / 86_400),
      hours: Math.floor((totalSeconds % 86_400) / 3600),
      minutes: Math.floor((totalSeconds % 3600) / 60),
      seconds: totalSeconds % 60,
    };
  }
  return now.getTime() < end.getTime() ? { phase: 'during' } : { phase: 'after' };
}
