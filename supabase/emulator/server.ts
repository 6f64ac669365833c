// The HTTP front door: CORS, the gateway's limits (gateway.ts), JWT verification and routing by
// prefix to each API (Edge Functions are proxied as streams, functions/index.ts), with one error
// handler that renders every failure in the shape of the API that was called.
import http from 'node:http';
import { handleAuth } from './auth';
import { isFunctionsPath, proxyFunction } from './functions';
import { API_ROLES } from './db';
import {
  API_BODY_LIMIT,
  bodyLimit,
  clientAddress,
  InFlight,
  LARGE_BODY_SLOTS,
  MAX_URL_LENGTH,
  redactedTarget,
  setClientAddressHeaders,
} from './gateway';
import { verifyJwt } from './jwt';
import { handleLocalServices } from './local-services';
import { localCorsHeaders } from './local-services/access';
import { EMAIL_API_PREFIX, handleEmailApi, handleMail, MAIL_PREFIX } from './mail';
import { handleRest } from './rest';
import { fromPgError, isPgError } from './rest/errors';
import { handleStorage } from './storage';
import { handleStripe } from './stripe/api';
import {
  ApiError,
  type ApiContext,
  type ApiHandler,
  type ApiRequest,
  type ApiResponse,
  type JwtClaims,
} from './types';

type ApiName = 'rest' | 'auth' | 'storage' | 'email' | 'local' | 'stripe';

const ROUTES: { prefix: string; api: ApiName; handler: ApiHandler }[] = [
  { prefix: '/rest/v1', api: 'rest', handler: handleRest },
  { prefix: '/auth/v1', api: 'auth', handler: handleAuth },
  { prefix: '/storage/v1', api: 'storage', handler: handleStorage },
  // The local email API (mail/email-api.ts) answers in Resend's shape, its failures too.
  { prefix: EMAIL_API_PREFIX, api: 'email', handler: handleEmailApi },
  { prefix: MAIL_PREFIX, api: 'local', handler: handleMail },
  { prefix: '/local', api: 'local', handler: handleLocalServices },
  // The local Stripe stand-in (stripe/api.ts): the stripe package always calls /v1/.
  { prefix: '/v1', api: 'stripe', handler: handleStripe },
];

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Range, X-Supabase-Api-Version, X-Total-Count, Link',
};

const PREFLIGHT_HEADERS: Record<string, string> = {
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, prefer, accept-profile, content-profile, x-client-info, x-supabase-api-version, x-upsert, cache-control, range',
  'access-control-max-age': '3600',
};

/**
 * CORS for a request: the APIs allow any origin, as Supabase does (the keys and RLS protect
 * them); the local services' stored data only their trusted origins (local-services/access.ts).
 */
function corsHeaders(
  api: ApiName | null,
  origin: string | undefined,
  ctx: ApiContext,
): Record<string, string> {
  return api === 'local' || api === 'email' ? localCorsHeaders(origin, ctx.config) : CORS_HEADERS;
}

/** The gateway's own refusals carry its shape (as its 404 does), whichever API was called. */
function gatewayRefusal(status: number, message: string, headers: Record<string, string> = {}) {
  return new ApiError(status, { message }, headers);
}

/** Each API's own error body for failures raised outside (or escaping) its handler. */
function errorFor(api: ApiName | null, status: number, code: string, message: string): ApiError {
  switch (api) {
    case 'rest':
      return new ApiError(status, { code, details: null, hint: null, message });
    case 'auth':
      return new ApiError(status, { code, message }, { 'x-supabase-api-version': '2024-01-01' });
    case 'storage':
      // Storage answers client errors with HTTP 400 and the real status in the body.
      return new ApiError(status >= 500 ? status : 400, {
        statusCode: String(status),
        error: code,
        message,
      });
    case 'email':
      // Resend's error shape (mail/email-api.ts).
      return new ApiError(status, { statusCode: status, name: code, message });
    case 'stripe':
      // Stripe's error shape (stripe/errors.ts), so the stripe package reads the gateway's refusals.
      return new ApiError(status, {
        error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message },
      });
    default:
      return new ApiError(status, { error: code, message });
  }
}

function internalError(api: ApiName | null): ApiError {
  if (api === 'rest') return errorFor(api, 500, 'PGRSTX00', 'Internal server error');
  if (api === 'auth')
    return errorFor(
      api,
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    );
  if (api === 'storage') return errorFor(api, 500, 'internal', 'Internal Server Error');
  if (api === 'email')
    return errorFor(api, 500, 'application_error', 'An unexpected error occurred.');
  return errorFor(api, 500, 'internal', 'Internal Server Error');
}

/** A database error that escaped an API's own mapping is still a client error when its SQLSTATE says so. */
function fromUnhandled(
  api: ApiName | null,
  err: unknown,
  claims: JwtClaims | null,
): ApiError | null {
  if (!isPgError(err)) return null;
  const mapped = fromPgError(err, !claims || claims.role === 'anon');
  if (api === 'rest') return mapped;
  if (mapped.status >= 500) return null;
  return errorFor(api, mapped.status, err.code, err.message);
}

class BodyTooLarge extends Error {}
/** The client went away before its body was complete: there is nobody left to answer. */
class ClientGone extends Error {}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => reject(new ClientGone()));
  });
}

function verifiedClaims(
  token: string | null,
  secret: string,
): { claims: JwtClaims | null; authError: ApiRequest['authError'] } {
  if (!token) return { claims: null, authError: null };
  const result = verifyJwt(token, secret);
  if (!result.ok) return { claims: null, authError: result.reason };
  // Only the API roles may be assumed; a token naming another role is not one we issue.
  if (!API_ROLES.has(result.claims.role)) return { claims: null, authError: 'invalid' };
  return { claims: result.claims, authError: null };
}

function send(
  res: http.ServerResponse,
  response: ApiResponse,
  extra: Record<string, string> = {},
): void {
  const headers: Record<string, string> = {
    ...extra,
    ...(response.headers ?? {}),
  };
  const body = response.body ?? null;
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
  else if (response.status !== 204 && response.status !== 304) headers['content-length'] = '0';
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

function sendError(
  res: http.ServerResponse,
  err: ApiError,
  extra: Record<string, string> = {},
): void {
  send(
    res,
    {
      status: err.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...err.headers },
      body: JSON.stringify(err.body),
    },
    extra,
  );
}

export function createServer(
  ctx: ApiContext,
  log: (line: string) => void = console.error,
): http.Server {
  const inFlight = new InFlight(ctx.config.inFlight);
  const largeBodies = new InFlight(LARGE_BODY_SLOTS);
  const server = http.createServer({ noDelay: true }, (req, res) => {
    void handle(req, res);
  });

  /**
   * Admits the request to `limit`'s slots until its response closes, or answers 429 as the
   * gateway does (postgrest-js retries a GET on 503, so never 503 for load).
   */
  function admit(limit: InFlight, client: string, res: http.ServerResponse): ApiError | null {
    const release = limit.admit(client);
    if (!release) return gatewayRefusal(429, 'API rate limit exceeded', { 'retry-after': '1' });
    res.once('close', release);
    return null;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let api: ApiName | null = null;
    let claims: JwtClaims | null = null;
    let cors = CORS_HEADERS;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const clientIp = clientAddress(req, ctx.config);
      if (isFunctionsPath(url.pathname)) {
        // Edge Functions answer for themselves (their CORS preflight too), streamed both ways. The
        // gateway's bounds still hold: the URL length, the same in-flight slots as every API (a
        // function call holds its slot while it streams) and a body limit, counted as it streams.
        const refusal =
          (req.url ?? '').length > MAX_URL_LENGTH
            ? gatewayRefusal(414, 'Request-URI Too Large')
            : admit(inFlight, clientIp, res);
        if (refusal) {
          req.resume();
          sendError(res, refusal, CORS_HEADERS);
          return;
        }
        const limit = await bodyLimit('functions', req.method ?? 'GET', url.pathname, ctx);
        await proxyFunction(req, res, ctx, url, { clientIp, bodyLimit: limit });
        return;
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const route = ROUTES.find(
        (r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`),
      );
      api = route?.api ?? null;
      cors = corsHeaders(api, req.headers.origin, ctx);
      if (method === 'OPTIONS') {
        req.resume();
        const granted = 'access-control-allow-origin' in cors;
        send(res, { status: 200, headers: granted ? PREFLIGHT_HEADERS : {} }, cors);
        return;
      }
      if (!route) {
        req.resume();
        send(
          res,
          {
            status: 404,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify({ message: 'no Route matched with those values' }),
          },
          cors,
        );
        return;
      }
      const refusal =
        (req.url ?? '').length > MAX_URL_LENGTH
          ? gatewayRefusal(414, 'Request-URI Too Large')
          : admit(inFlight, clientIp, res);
      if (refusal) {
        req.resume();
        sendError(res, refusal, cors);
        return;
      }
      const limit = await bodyLimit(route.api, method, url.pathname, ctx);
      // A body that may be large (declared so, or streamed without a length) needs a large slot.
      const length = req.headers['content-length'];
      const streamed = req.headers['transfer-encoding'] !== undefined;
      const declared = length !== undefined ? Number(length) : streamed ? Infinity : 0;
      const large = limit > API_BODY_LIMIT && declared > API_BODY_LIMIT;
      const busy = large ? admit(largeBodies, clientIp, res) : null;
      if (busy) {
        sendError(res, busy, { ...cors, connection: 'close' });
        return;
      }
      let body: Buffer;
      try {
        body = await readBody(req, limit);
      } catch (err) {
        if (err instanceof ClientGone) {
          res.destroy();
          return;
        }
        if (!(err instanceof BodyTooLarge)) throw err;
        const message = `Request body exceeds the limit of ${limit} bytes`;
        const tooLarge =
          api === 'storage'
            ? new ApiError(413, {
                statusCode: '413',
                error: 'Payload too large',
                message: 'The object exceeded the maximum allowed size',
              })
            : errorFor(
                api,
                413,
                api === 'auth' || api === 'email' ? 'request_too_large' : 'PGRST413',
                message,
              );
        sendError(res, tooLarge, { ...cors, connection: 'close' });
        return;
      }
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      // Supabase's gateway tells the APIs the client's address (request.headers in SQL).
      setClientAddressHeaders(headers, clientIp);
      const bearer = /^bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1]?.trim() ?? null;
      const apikey = headers.apikey ?? url.searchParams.get('apikey');
      const token = bearer ?? apikey ?? null;
      const verified = verifiedClaims(token, ctx.config.jwtSecret);
      claims = verified.claims;
      if (api === 'rest' && !apikey && !bearer) {
        // Supabase's API gateway refuses REST calls without a key before PostgREST sees them.
        send(
          res,
          {
            status: 401,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify({
              message: 'No API key found in request',
              hint: 'No `apikey` request header or url param was found.',
            }),
          },
          cors,
        );
        return;
      }
      const apiRequest: ApiRequest = {
        method,
        path: url.pathname.slice(route.prefix.length) || '/',
        url,
        headers,
        body,
        claims: verified.claims,
        authError: verified.authError,
        token,
        clientIp,
      };
      send(res, await route.handler(apiRequest, ctx), cors);
    } catch (err) {
      if (err instanceof ApiError) {
        sendError(res, err, cors);
        return;
      }
      const mapped = fromUnhandled(api, err, claims);
      if (mapped) {
        sendError(res, mapped, cors);
        return;
      }
      // Keys and tokens may travel in the query string (?apikey=…): never into the log.
      log(
        `[emulator] ${req.method} ${redactedTarget(req.url ?? '/')}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      if (res.headersSent) res.destroy();
      else sendError(res, internalError(api), cors);
    }
  }

  server.keepAliveTimeout = 5_000;
  return server;
}
