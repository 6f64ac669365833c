// The failed-attempt limit of the password grant and of GoTrue's /verify (an emailed six-digit
// code or link is a way to sign in too): failures are counted per client address and per email
// address in a fixed window, and past either limit the grant answers GoTrue's 429
// over_request_rate_limit before any user lookup or bcrypt. An attempt counts as a failure from
// the moment it starts (so parallel guesses cannot all pass the check before one is counted), and
// a success takes its count back and clears its email's. Unknown addresses count like known
// ones, so being limited tells nothing about an account.
import { ApiError, type ApiContext, type Db, type SignInLimit } from '../types';
import { API_VERSION_HEADER } from './http';

interface Window {
  failures: number;
  /** Epoch milliseconds when the window ends and the count starts again. */
  endsAt: number;
}

/** Past this many tracked keys, ended windows are dropped, then the oldest. */
const MAX_TRACKED = 10_000;

class FailedSignIns {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limit: SignInLimit) {}

  private failures(key: string, now: number): number {
    const window = this.windows.get(key);
    return window && window.endsAt > now ? window.failures : 0;
  }

  /** The counted keys: the address, and the email when the attempt names one (a link does not). */
  private keys(ip: string, email: string | null): [string, number][] {
    const keys: [string, number][] = [[`ip:${ip}`, this.limit.perIp]];
    if (email !== null) keys.push([`email:${email.toLowerCase()}`, this.limit.perEmail]);
    return keys;
  }

  /** Seconds until the caller may try again, or 0 when it may try now. */
  retryAfter(ip: string, email: string | null, now = Date.now()): number {
    const limited = this.keys(ip, email);
    let wait = 0;
    for (const [key, max] of limited) {
      if (this.failures(key, now) >= max) {
        const endsAt = this.windows.get(key)?.endsAt ?? now;
        wait = Math.max(wait, Math.ceil((endsAt - now) / 1000));
      }
    }
    return wait;
  }

  /** Counts an attempt as failed until recordSuccess says otherwise. */
  recordAttempt(ip: string, email: string | null, now = Date.now()): void {
    for (const [key] of this.keys(ip, email)) {
      const window = this.windows.get(key);
      if (window && window.endsAt > now) window.failures++;
      else {
        this.windows.delete(key);
        this.windows.set(key, { failures: 1, endsAt: now + this.limit.windowSeconds * 1000 });
      }
    }
    this.prune(now);
  }

  recordSuccess(ip: string, email: string | null): void {
    if (email !== null) this.windows.delete(`email:${email.toLowerCase()}`);
    const window = this.windows.get(`ip:${ip}`);
    if (window && window.failures > 0) window.failures--;
  }

  private prune(now: number): void {
    if (this.windows.size <= MAX_TRACKED) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Map order is insertion order: what is left beyond the cap are the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MAX_TRACKED) break;
      this.windows.delete(key);
    }
  }
}

const limitsByEmulator = new WeakMap<Db, FailedSignIns>();

export function failedSignIns(ctx: ApiContext): FailedSignIns {
  let limits = limitsByEmulator.get(ctx.db);
  if (!limits) {
    limits = new FailedSignIns(ctx.config.signInLimit);
    limitsByEmulator.set(ctx.db, limits);
  }
  return limits;
}

/** GoTrue's answer once a limit is reached (its rate limiter's code and message). */
export function overRateLimit(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    { ...API_VERSION_HEADER, 'retry-after': String(retryAfterSeconds) },
  );
}
