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

/**
 * A status chosen in SQL, as PostgREST allows: `raise sqlstate 'PT429' using message = ...`
 * answers HTTP 429 (any digits after PT; what is not a status becomes 500, as PostgREST does).
 * Null for every other SQLSTATE.
 */
export function customStatus(code: string): number | null {
  if (!code.startsWith('PT')) return null;
  const digits = code.slice(2);
  const status = /^\d{3}$/.test(digits) ? Number(digits) : NaN;
  return status >= 100 && status <= 599 ? status : 500;
}

/**
 * PostgREST's mapping (docs: Errors → SQLSTATE; mapSQLtoHTTP in its Error.hs). `anonymous`
 * decides 42501's 401 or 403; `message` decides the cases PostgREST tells apart by the text.
 */
export function statusForSqlState(code: string, anonymous: boolean, message = ''): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '57P01': 503,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '53400': 500,
  };
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023')
    return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883' && message.startsWith('function xmlagg(')) return 406;
  const custom = customStatus(code);
  if (custom !== null) return custom;
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
    statusForSqlState(err.code, anonymous, err.message),
    err.code,
    err.message,
    err.detail ?? null,
    err.hint ?? null,
  );
}
