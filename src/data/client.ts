// The public site's thin data client: PostgREST only (tables and RPC), with the anon key. It keeps supabase-js's
// auth, realtime and storage code out of the public bundle. The admin uses the full client
// (src/admin/supabase.ts), whose `.from()` is this same PostgrestClient.
import { PostgrestClient } from '@supabase/postgrest-js';
import { env } from '../config/env';
import type { Database } from './types';

export type DbClient = Pick<PostgrestClient<Database>, 'from' | 'rpc'>;

export const publicDb: DbClient = new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
  headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
  // The fetch of the moment of each call (tests stand in for the network by replacing it).
  fetch: (input, init) => fetch(input, init),
});

/** Public URL of an object in the `media` bucket; absolute URLs pass through unchanged. */
export function mediaUrl(pathOrUrl: string): string;
export function mediaUrl(pathOrUrl: string | null | undefined): string | null;
export function mediaUrl(pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl) return null;
  if (
    /^(https?:)?\/\//.test(pathOrUrl) ||
    pathOrUrl.startsWith('/') ||
    pathOrUrl.startsWith('data:')
  )
    return pathOrUrl;
  return `${env.supabaseUrl}/storage/v1/object/public/media/${encodeURI(pathOrUrl)}`;
}

/**
 * Escapes the LIKE wildcards (and the escape character itself) so a visitor's text is matched
 * literally. PostgREST also reads `*` as `%` in like patterns, which has no escape, so it is
 * dropped rather than left to match everything.
 */
export function likePattern(text: string): string {
  const literal = text.replace(/\*/g, '').replace(/[\\%_]/g, (char) => `\\${char}`);
  return `%${literal}%`;
}
