// What Supabase's API gateway does in front of PostgREST, GoTrue, Storage and the Edge Functions,
// as small functions the server applies to every request before an API handler sees it: the
// client's address and the headers that carry it, the URL length, a body limit per API, a cap on
// requests in flight (so one client cannot hold the memory of all), and the redaction of secrets
// from a logged URL.
import type http from 'node:http';
import { EMAIL_API_PREFIX, emailApiBodyLimit } from './mail';
import type { ApiContext, EmulatorConfig, InFlightLimit } from './types';

/**
 * The header a test emulator (`trustTestClientAddress`) takes as the socket's address, so one
 * test process can speak from many networks. Nothing else reads it, `npm start` never trusts it,
 * and it never reaches an API or a function.
 */
export const TEST_CLIENT_ADDRESS_HEADER = 'x-test-client-address';

/** The caller's address as the platform sees it: the socket's (or, in tests, the test header's). */
export function clientAddress(req: http.IncomingMessage, config: EmulatorConfig): string {
  const socket = req.socket.remoteAddress ?? '';
  if (!config.trustTestClientAddress) return socket;
  const given = req.headers[TEST_CLIENT_ADDRESS_HEADER];
  return typeof given === 'string' && given.trim() !== '' ? given.trim() : socket;
}

/**
 * The client-address headers as hosted Supabase hands them on: the address the platform saw is
 * appended to X-Forwarded-For (what a client wrote stays in front of it, so only the last entry
 * can be trusted: private.client_ip() reads that one), and a client's own CF-Connecting-IP, which
 * Cloudflare would have replaced, is dropped. Changes `headers` in place.
 */
export function setClientAddressHeaders(
  headers: Record<string, string | string[] | number | undefined>,
  clientIp: string,
): void {
  const sent = headers['x-forwarded-for'];
  const forwarded = (Array.isArray(sent) ? sent.join(', ') : String(sent ?? '')).trim();
  headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${clientIp}` : clientIp;
  delete headers['cf-connecting-ip'];
  delete headers['x-test-client-address']; // TEST_CLIENT_ADDRESS_HEADER
}

/** nginx-style gateways refuse request lines past 8 KiB; no call of the product comes near. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * REST, Auth and Edge Function bodies. PostgREST has no limit of its own (the gateway has); 1 MiB
 * is a thousand times the largest row or form the product sends, and many times a payment
 * provider's webhook event, the largest body a function of the product takes.
 */
export const API_BODY_LIMIT = 1024 * 1024;

/**
 * Edge Functions that take a file: the bucket they store it in, whose file_size_limit (plus the
 * multipart framing) is their body limit. Hosted Edge Functions document no body limit of their
 * own, and the function checks the size itself (team-documents: 10 MiB).
 */
const FILE_FUNCTIONS: Record<string, string> = { '/functions/v1/team-documents': 'documents' };

/** The local webhook receivers take one small JSON object per call. */
export const LOCAL_BODY_LIMIT = 64 * 1024;

/** What multipart framing (boundaries, part headers, the cacheControl field) adds to a file. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** Uploads larger than API_BODY_LIMIT in flight at once: 4 × the media bucket's 50 MiB. */
export const LARGE_BODY_SLOTS: InFlightLimit = { total: 4, perClient: 2 };

/** Paths below /storage/v1/object/ whose first segment is not a bucket. */
const OBJECT_ROUTES = new Set(['list', 'public', 'authenticated', 'sign', 'move', 'copy', 'info']);

/** The bucket an upload (POST or PUT /storage/v1/object/<bucket>/<name>) goes to, if it is one. */
function uploadBucket(method: string, pathname: string): string | null {
  const prefix = '/storage/v1/object/';
  if ((method !== 'POST' && method !== 'PUT') || !pathname.startsWith(prefix)) return null;
  const [bucket, ...name] = pathname.slice(prefix.length).split('/');
  if (!bucket || name.length === 0 || OBJECT_ROUTES.has(bucket)) return null;
  try {
    return decodeURIComponent(bucket);
  } catch {
    return null;
  }
}

/**
 * The most body bytes a request may send: an upload gets its bucket's file_size_limit (as
 * storage-api reads it before it buffers anything), the email API its route's (a batch of 100
 * emails is large), everything else its API's small limit. `config.maxBodyBytes` caps them all.
 */
export async function bodyLimit(
  api: string,
  method: string,
  pathname: string,
  ctx: ApiContext,
): Promise<number> {
  const ceiling = ctx.config.maxBodyBytes;
  if (api === 'storage' || api === 'functions') {
    const bucketId =
      api === 'storage'
        ? uploadBucket(method, pathname)
        : FILE_FUNCTIONS[pathname.replace(/\/+$/, '')];
    if (bucketId) {
      const { rows } = await ctx.db.query<{ file_size_limit: number | string | null }>(
        'select file_size_limit from storage.buckets where id = $1',
        [bucketId],
      );
      const bucket = rows[0];
      if (bucket) {
        const limit = bucket.file_size_limit === null ? ceiling : Number(bucket.file_size_limit);
        return Math.min(ceiling, limit + MULTIPART_ALLOWANCE);
      }
    }
  }
  if (api === 'email')
    return Math.min(ceiling, emailApiBodyLimit(method, pathname.slice(EMAIL_API_PREFIX.length)));
  return Math.min(ceiling, api === 'local' ? LOCAL_BODY_LIMIT : API_BODY_LIMIT);
}

/** Counts requests in flight, in total and per client address. */
export class InFlight {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(private readonly limit: InFlightLimit) {}

  /** A release function for an admitted request, or null when it must come back later. */
  admit(client: string): (() => void) | null {
    const mine = this.byClient.get(client) ?? 0;
    if (this.total >= this.limit.total || mine >= this.limit.perClient) return null;
    this.total++;
    this.byClient.set(client, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}

/** Query parameters whose values are credentials or personal secrets. */
const SECRET_PARAMS = new Set([
  'apikey',
  'api_key',
  'key',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'provider_token',
  'provider_refresh_token',
  'password',
  'secret',
  'code',
  'jwt',
  'signature',
  'authorization',
]);

/** The request target for a log line, with the values of secret query parameters replaced. */
export function redactedTarget(target: string): string {
  const at = target.indexOf('?');
  if (at === -1) return target;
  const query = target
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is compared as it came
      }
      return SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${target.slice(0, at)}?${query}`;
}
