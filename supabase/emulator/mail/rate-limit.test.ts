// The email API's rate limit on a clock the test moves: no second, wherever it starts, admits more
// than the limit; a refusal costs nothing; the headers say what is left and when to come back.
// And the limit's setting: EMAIL_API_RATE_LIMIT or the option, Resend's 2 by default.
import { describe, expect, test } from 'vitest';
import { EMAIL_API_RATE_LIMIT, loadConfig } from '../config';
import { rateLimitHeaders, SlidingWindowLimit } from './rate-limit';

function limitAt(perSecond: number) {
  const clock = { ms: 10_000 };
  return { clock, limit: new SlidingWindowLimit(perSecond, () => clock.ms) };
}

describe('the sliding window', () => {
  test('admits the limit in a second, then refuses until the oldest is a second old', () => {
    const { clock, limit } = limitAt(2);
    expect(limit.take()).toEqual({
      admitted: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 1,
      retryAfterSeconds: 0,
    });
    clock.ms += 400;
    expect(limit.take()).toMatchObject({ admitted: true, remaining: 0 });
    clock.ms += 599;
    expect(limit.take()).toEqual({
      admitted: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 1,
      retryAfterSeconds: 1,
    });
    // A second after the first, one place is free; the second's place frees 400 ms later.
    clock.ms += 1;
    expect(limit.take()).toMatchObject({ admitted: true, remaining: 0 });
    expect(limit.take().admitted).toBe(false);
    clock.ms += 400;
    expect(limit.take()).toMatchObject({ admitted: true, remaining: 0 });
  });

  test('never admits more than the limit in any second, whatever the callers do', () => {
    const { clock, limit } = limitAt(3);
    const admitted: number[] = [];
    // A caller hammering every 7 ms for five seconds: refusals cost nothing, so it is let in
    // each time a place frees, and never more often.
    for (let t = 0; t < 5000; t += 7) {
      if (limit.take().admitted) admitted.push(clock.ms);
      clock.ms += 7;
    }
    for (const [i, at] of admitted.entries()) {
      const inSecond = admitted.filter((other) => other >= at && other < at + 1000).length;
      expect(inSecond, `the second from request ${i}`).toBeLessThanOrEqual(3);
    }
    expect(admitted.length).toBeGreaterThanOrEqual(15);
  });

  test('finds the whole limit again once a second has passed without requests', () => {
    const { clock, limit } = limitAt(2);
    limit.take();
    limit.take();
    clock.ms += 1000;
    expect(limit.take()).toMatchObject({ admitted: true, remaining: 1 });
  });

  test("gives Resend's headers, retry-after only on a refusal", () => {
    const { limit } = limitAt(1);
    expect(rateLimitHeaders(limit.take())).toEqual({
      'ratelimit-limit': '1',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '1',
    });
    expect(rateLimitHeaders(limit.take())).toEqual({
      'ratelimit-limit': '1',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '1',
      'retry-after': '1',
    });
  });
});

describe('the setting', () => {
  test("is Resend's 2 a second unless EMAIL_API_RATE_LIMIT or the option says otherwise", () => {
    expect(EMAIL_API_RATE_LIMIT).toBe(2);
    expect(loadConfig({ dataDir: null }, {}).emailApiRateLimit).toBe(2);
    expect(loadConfig({ dataDir: null }, { EMAIL_API_RATE_LIMIT: '10' }).emailApiRateLimit).toBe(
      10,
    );
    expect(
      loadConfig({ dataDir: null, emailApiRateLimit: 500 }, { EMAIL_API_RATE_LIMIT: '10' })
        .emailApiRateLimit,
    ).toBe(500);
  });

  test('refuses a rate that is not a whole number of requests a second', () => {
    for (const value of ['0', '-2', '1.5', 'fast']) {
      expect(() => loadConfig({ dataDir: null }, { EMAIL_API_RATE_LIMIT: value })).toThrow(
        /EMAIL_API_RATE_LIMIT/,
      );
    }
  });
});
