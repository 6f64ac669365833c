// PostgREST's request and response conventions shared by the table API and RPC: the Prefer header,
// the object media type, the profile headers, Content-Range and the JSON body.
import { ApiError, type ApiRequest } from '../types';
import { restError } from './errors';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

export interface Prefer {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: boolean;
  resolution: 'merge' | 'ignore' | null;
}

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Prefer = { return: null, count: false, resolution: null };
  for (const token of (header ?? '').split(',')) {
    const [key, value] = token
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (
      key === 'return' &&
      (value === 'representation' || value === 'minimal' || value === 'headers-only')
    ) {
      prefer.return = value;
    } else if (
      key === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      prefer.count = true;
    } else if (key === 'resolution') {
      prefer.resolution =
        value === 'merge-duplicates' ? 'merge' : value === 'ignore-duplicates' ? 'ignore' : null;
    }
  }
  return prefer;
}

/** true for the object media type, false for JSON; anything else PostgREST cannot produce. */
export function wantsObject(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase());
  if (types.includes(OBJECT_TYPE)) return true;
  if (
    types.some((t) => t === '*/*' || t === 'application/*' || t === 'application/json' || t === '')
  )
    return false;
  throw restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

export function checkProfile(req: ApiRequest): void {
  const profile = ['GET', 'HEAD'].includes(req.method)
    ? req.headers['accept-profile']
    : req.headers['content-profile'];
  if (profile !== undefined && profile !== 'public') {
    throw restError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
  }
}

export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = (total === null || total !== 0) && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

export function notSingle(rows: number): ApiError {
  return restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

export function parseJsonBody(req: ApiRequest): unknown {
  const text = req.body.toString('utf8');
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value;
  } catch {
    // fall through to PostgREST's error
  }
  throw restError(400, 'PGRST102', 'Empty or invalid json');
}
