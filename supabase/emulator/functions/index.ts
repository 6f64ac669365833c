// Edge Functions at /functions/v1/<name>[/...]: the gateway's part (the function must exist, and
// with verify_jwt a valid JWT in Authorization), then the request streamed to the function's own
// Deno server and its answer streamed back untouched: status, headers (its CORS too: the
// function answers its own preflight, as on hosted Supabase) and body. Platform failures answer
// like the hosted runtime: 404 NOT_FOUND, 401, 503 BOOT_ERROR, 500 WORKER_ERROR.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { setClientAddressHeaders } from '../gateway';
import { verifyJwt } from '../jwt';
import type { ApiContext } from '../types';
import { functionEntry } from './deno';
import { BootError, functionWorkers } from './workers';

export const FUNCTIONS_PREFIX = '/functions/v1';

export function isFunctionsPath(pathname: string): boolean {
  return pathname === FUNCTIONS_PREFIX || pathname.startsWith(`${FUNCTIONS_PREFIX}/`);
}

// Supabase's function names: a letter or digit, then letters, digits, - and _.
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function platformError(
  res: http.ServerResponse,
  status: number,
  body: Record<string, unknown>,
  errorCode?: string,
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(errorCode ? { 'sb-error-code': errorCode } : {}),
  });
  res.end(text);
}

/** The hosted gateway's JWT check: a valid (signed, unexpired) JWT in Authorization. */
function jwtRefusal(req: http.IncomingMessage, ctx: ApiContext): string | null {
  const header = req.headers.authorization;
  if (!header) return 'Missing authorization header';
  const token = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  return token && verifyJwt(token, ctx.config.jwtSecret).ok ? null : 'Invalid JWT';
}

function forwardedHeaders(req: http.IncomingMessage, clientIp: string): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  setClientAddressHeaders(headers, clientIp);
  return headers;
}

function tooLarge(res: http.ServerResponse, limit: number): void {
  const text = JSON.stringify({ message: `Request body exceeds the limit of ${limit} bytes` });
  res.writeHead(413, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  });
  res.end(text);
}

export interface ProxyOptions {
  /** The caller's address as the platform sees it (appended to x-forwarded-for). */
  clientIp: string;
  /** The most body bytes the gateway lets through (gateway.ts), declared or streamed. */
  bodyLimit: number;
}

export async function proxyFunction(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ctx: ApiContext,
  url: URL,
  { clientIp, bodyLimit }: ProxyOptions,
): Promise<void> {
  const rest = url.pathname.slice(FUNCTIONS_PREFIX.length);
  const name = rest.split('/')[1] ?? '';
  if (!NAME.test(name) || !existsSync(functionEntry(ctx.config, name))) {
    req.resume();
    platformError(
      res,
      404,
      { code: 'NOT_FOUND', message: 'Requested function was not found' },
      'NOT_FOUND',
    );
    return;
  }
  const method = (req.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method)) {
    req.resume();
    platformError(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' });
    return;
  }
  // The preflight carries no Authorization: it reaches the function, which answers it.
  if (method !== 'OPTIONS' && ctx.config.functions.verifyJwt[name] !== false) {
    const refusal = jwtRefusal(req, ctx);
    if (refusal) {
      req.resume();
      platformError(res, 401, { code: 401, message: refusal });
      return;
    }
  }
  if (Number(req.headers['content-length'] ?? 0) > bodyLimit) {
    req.resume();
    tooLarge(res, bodyLimit);
    return;
  }
  const workers = functionWorkers(ctx.db, () => ctx.config);
  let port: number;
  try {
    port = await workers.port(name);
  } catch (err) {
    if (!(err instanceof BootError)) throw err;
    req.resume();
    platformError(
      res,
      503,
      { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
      'BOOT_ERROR',
    );
    return;
  }
  await new Promise<void>((resolve) => {
    let callerLeft = false;
    let overLimit = false;
    // The function sees /<name>/..., as behind Supabase's gateway.
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `${rest}${url.search}`,
        headers: forwardedHeaders(req, clientIp),
      },
      (answer) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [key, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(key) && value !== undefined) headers[key] = value;
        }
        // A function that answers before the caller's body has all arrived (a 413 from its own
        // limit) leaves unread bytes on the connection: close it, as a gateway does, so the
        // client does not send its next request on a connection the server is about to reset.
        if (!req.complete) headers.connection = 'close';
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', () => {
          res.destroy();
          resolve();
        });
      },
    );
    upstream.on('error', () => {
      if (callerLeft || overLimit) return resolve();
      // The function's process went away mid-request (it crashed, or exited on purpose).
      workers.discard(name, port);
      if (res.headersSent) res.destroy();
      else
        platformError(
          res,
          500,
          { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
          'WORKER_ERROR',
        );
      resolve();
    });
    res.on('close', () => {
      if (!res.writableFinished) {
        callerLeft = true;
        upstream.destroy();
      }
      resolve();
    });
    // A body streamed without a length is counted as it passes: past the limit the function's
    // request is cut off (the function is not at fault) and the caller gets 413.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= bodyLimit || overLimit) return;
      overLimit = true;
      req.unpipe(upstream);
      req.resume();
      upstream.destroy();
      if (res.headersSent) res.destroy();
      else tooLarge(res, bodyLimit);
      resolve();
    });
    req.pipe(upstream);
  });
}
