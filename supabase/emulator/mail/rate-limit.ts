// The email API's rate limit, as Resend's (https://resend.com/docs/api-reference/rate-limit): at
// most `perSecond` requests (EMAIL_API_RATE_LIMIT, default 2) across every caller and key, since
// Resend counts per team; above it 429 rate_limit_exceeded with `retry-after`. Every answer says
// where the caller stands in the IETF draft's headers Resend sends: `ratelimit-limit`,
// `ratelimit-remaining` and `ratelimit-reset`.
//
// The algorithm is a sliding window log over the last second: the times of the requests admitted
// in the last 1000 ms, oldest first. A request is admitted when fewer than `perSecond` of them are
// younger than 1000 ms, and its time is recorded; otherwise it is refused and not recorded (a
// refused request costs nothing, so a caller that retries in a loop is let in as soon as the
// window has room, and is never locked out). So no second, wherever it starts, holds more than
// `perSecond` admitted requests: exactly what a sender kept to "N a second" may rely on.
//   remaining     = perSecond minus the admitted requests in the window, this one included
//   reset         = whole seconds until the window is empty again, so `remaining` is perSecond
//   retry-after   = whole seconds until the oldest admitted request leaves the window, so the next
//                   one is admitted (HTTP's Retry-After takes whole seconds: with a one-second
//                   window it is 1, and a caller that waits it always finds room)
// Time is the process's monotonic clock (performance.now()): a rate limit is about real time,
// never the database's pinned day or instant, and a change of the wall clock cannot move it.

const WINDOW_MS = 1000;

export interface RateDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window is empty. */
  resetSeconds: number;
  /** Whole seconds until a refused caller may try again; 0 when admitted. */
  retryAfterSeconds: number;
}

export class SlidingWindowLimit {
  /** When each request admitted in the last window arrived (ms, monotonic), oldest first. */
  private readonly admittedAt: number[] = [];

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(): RateDecision {
    const now = this.now();
    while (this.admittedAt.length > 0 && now - (this.admittedAt[0] ?? now) >= WINDOW_MS)
      this.admittedAt.shift();
    const admitted = this.admittedAt.length < this.perSecond;
    if (admitted) this.admittedAt.push(now);
    const oldest = this.admittedAt[0] ?? now;
    const newest = this.admittedAt.at(-1) ?? now;
    const seconds = (until: number) => Math.max(0, Math.ceil((until - now) / 1000));
    return {
      admitted,
      limit: this.perSecond,
      remaining: this.perSecond - this.admittedAt.length,
      resetSeconds: this.admittedAt.length === 0 ? 0 : seconds(newest + WINDOW_MS),
      retryAfterSeconds: admitted ? 0 : Math.max(1, seconds(oldest + WINDOW_MS)),
    };
  }
}

/** The headers every answer carries, and `retry-after` on a refusal. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
    ...(decision.admitted ? {} : { 'retry-after': String(decision.retryAfterSeconds) }),
  };
}
