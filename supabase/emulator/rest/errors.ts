// PostgREST's error body and its SQLSTATE → HTTP status table.
import { ApiError } from '../types';

export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(status, { code, details, hint, message }, headers);
}

export interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(err: unknown): err is PgError & Error {
  return (
    err instanceof Error &&
    'code' in err &&
    typeof err.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(err.code)
  );
}

/** PostgREST's mapping (docs: Errors → SQLSTATE). `anonymous` decides 42501's 401 or 403. */
export function statusForSqlState(code: string, anonymous: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '53400': 500,
  };
  if (code === '42501') return anonymous ? 401 : 403;
  const hit = exact[code];
  if (hit) return hit;
  const prefixes: [string, number][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ];
  for (const [prefix, status] of prefixes) if (code.startsWith(prefix)) return status;
  return 400;
}

export function fromPgError(err: PgError, anonymous: boolean): ApiError {
  return restError(
    statusForSqlState(err.code, anonymous),
    err.code,
    err.message,
    err.detail ?? null,
    err.hint ?? null,
  );
}
