// The rally clock: before the start a countdown, then "under way", then "finished".

export type RallyPhase =
  | { phase: 'before'; days: number; hours: number; minutes: number; seconds: number }
  | { phase: 'during' }
  | { phase: 'after' };

/**
 * A local date-time such as '2026-06-22T00:00:00' as a Date in the visitor's time zone (ISO
 * strings without an offset are local per ECMAScript). Unreadable text gives null.
 */
export function parseLocalDateTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const trimmed = text.trim();
  const withTime = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00` : trimmed;
  const date = new Date(withTime);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The moment the rally is over: midnight after its last day. */
export function finishAfter(lastDay: Date): Date {
  const end = new Date(lastDay);
  end.setHours(0, 0, 0, 0);
  end.setDate(end.getDate() + 1);
  return end;
}

export function rallyPhase(now: Date, start: Date, end: Date): RallyPhase {
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
