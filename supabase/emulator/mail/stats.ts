// What the email API has taken since the emulator started (or since the counts were last reset),
// for benchmarks and tests that send more than the catcher keeps (MAIL_KEPT): a mailing to 5,000
// people shows only its newest 500 emails at /local/mail, yet these counts prove that every one
// was delivered, and none twice. Read with GET /local/mail/stats (the service key), reset with
// DELETE. GoTrue's own emails reach the catcher without the API and are not counted here.
import type { ApiContext, Db } from '../types';
import { addressOf, type MailMessage } from './store';

/**
 * Addresses remembered to count `recipients`: five times the largest mailing bench:mailings
 * sends. Past it the addresses are no longer told apart and `recipients` reads null.
 */
export const RECIPIENTS_COUNTED = 100_000;

export interface EmailApiStats {
  /** When counting began: the emulator's start, or the last reset. */
  since: string;
  /** Calls with the API's key, and of them those refused with 429 rate_limit_exceeded. */
  requests: { total: number; rate_limited: number };
  /**
   * Emails in the API's 200 answers (`accepted`; a repeat under a used Idempotency-Key counts
   * again), and emails put into the catcher (`delivered`; a repeat delivers nothing). So
   * `accepted - delivered` are the repeats answered from their key.
   */
  emails: { accepted: number; delivered: number };
  /**
   * The addresses delivered to (to, cc and bcc, case-insensitive), and the deliveries to an
   * address already delivered to: a mailing reached everyone once when `distinct` is its size
   * and `repeated` is 0. Null past RECIPIENTS_COUNTED addresses.
   */
  recipients: { distinct: number; repeated: number } | null;
}

interface Counts {
  since: string;
  requests: number;
  rateLimited: number;
  accepted: number;
  delivered: number;
  addresses: Set<string> | null;
  repeated: number;
}

const counts = new WeakMap<Db, Counts>();

function fresh(): Counts {
  return {
    since: new Date().toISOString(),
    requests: 0,
    rateLimited: 0,
    accepted: 0,
    delivered: 0,
    addresses: new Set(),
    repeated: 0,
  };
}

function countsOf(db: Db): Counts {
  let found = counts.get(db);
  if (!found) {
    found = fresh();
    counts.set(db, found);
  }
  return found;
}

export function countRequest({ db }: ApiContext, rateLimited: boolean): void {
  const current = countsOf(db);
  current.requests++;
  if (rateLimited) current.rateLimited++;
}

export function countAccepted({ db }: ApiContext, emails: number): void {
  countsOf(db).accepted += emails;
}

export function countDelivered({ db }: ApiContext, messages: MailMessage[]): void {
  const current = countsOf(db);
  current.delivered += messages.length;
  for (const message of messages) {
    for (const recipient of [...message.to, ...message.cc, ...message.bcc]) {
      const address = addressOf(recipient);
      if (!current.addresses) break;
      if (current.addresses.has(address)) current.repeated++;
      else if (current.addresses.size < RECIPIENTS_COUNTED) current.addresses.add(address);
      else current.addresses = null;
    }
  }
}

function report(current: Counts): EmailApiStats {
  return {
    since: current.since,
    requests: { total: current.requests, rate_limited: current.rateLimited },
    emails: { accepted: current.accepted, delivered: current.delivered },
    recipients: current.addresses
      ? { distinct: current.addresses.size, repeated: current.repeated }
      : null,
  };
}

export function emailApiStats({ db }: ApiContext): EmailApiStats {
  return report(countsOf(db));
}

/** Starts counting afresh (the catcher's messages and the rate limit's window stay). */
export function resetEmailApiStats({ db }: ApiContext): EmailApiStats {
  const current = fresh();
  counts.set(db, current);
  return report(current);
}
