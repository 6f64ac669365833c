// PostgREST's custom status from SQL: `raise sqlstate 'PT402' using message = ...` answers HTTP 402
// with that message, detail and hint. Kept apart from errors.ts's SQLSTATE table so the table API
// can adopt it with one call (see the README's RPC section).
import type { ApiError } from '../types';
import { fromPgError, restError, type PgError } from './errors';

/** The HTTP status a `PTnnn` SQLSTATE asks for, or null for any other code. */
export function raisedHttpStatus(code: string): number | null {
  const match = /^PT(\d{3})$/.exec(code);
  if (!match) return null;
  const status = Number(match[1]);
  // PostgREST answers 500 when the digits are no HTTP status.
  return status >= 100 && status <= 599 ? status : 500;
}

/** fromPgError, with PostgREST's PTnnn statuses. */
export function fromRaisedError(err: PgError, anonymous: boolean): ApiError {
  const status = raisedHttpStatus(err.code);
  if (status === null) return fromPgError(err, anonymous);
  return restError(status, err.code, err.message, err.detail ?? null, err.hint ?? null);
}
