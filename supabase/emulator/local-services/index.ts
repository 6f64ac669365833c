// Local services mounted on the emulator under /local: the webhook receivers and the test-mode
// payment, checkout and giving pages (real URLs replace them through the site's env), and for e2e
// runs the scheduler's tick and the database's day on demand.
import type { ApiContext, ApiHandler, ApiRequest, ApiResponse } from '../types';
import { mayManageLocalData } from './access';
import { checkoutRoute, stripeEventsRoute, stripeRefundsRoute } from './checkout';
import { donatePage } from './pages';
import { clockDay } from '../config';
import { html, json } from './responses';
import { tick } from '../scheduler';
import { receiveSiteRebuild, siteRebuildCalls } from './site-rebuild';
import { clearPayloads, failNext, receivePayload, receivedPayloads, webhookName } from './webhooks';

const PREFIX = '/local';

function localPath(req: ApiRequest): string {
  const pathname = req.url.pathname;
  const path = pathname.startsWith(`${PREFIX}/`) ? pathname.slice(PREFIX.length) : req.path;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function readJson(req: ApiRequest): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(req.body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

const NOT_ALLOWED = json(403, {
  ok: false,
  error: 'The webhook inbox needs the service-role key, or a request from the site',
});

async function webhook(req: ApiRequest, ctx: ApiContext, segments: string[]): Promise<ApiResponse> {
  const name = webhookName(segments[0] ?? '');
  if (!name) return json(404, { ok: false, error: 'Unknown webhook' });
  // Receiving stays open to anyone, as a real webhook is; reading, wiping and arming a failure
  // touch what visitors sent, so they need the service key or the site's own origin.
  const receiving = segments.length === 1 && req.method === 'POST';
  if (!receiving && !mayManageLocalData(req, ctx.config)) return NOT_ALLOWED;

  if (segments.length === 2 && segments[1] === 'fail-next' && req.method === 'POST') {
    const body = readJson(req);
    const status =
      body.ok && typeof body.value === 'object' && body.value !== null && 'status' in body.value
        ? body.value.status
        : 500;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
      return json(400, { ok: false, error: 'status must be an HTTP error status (400-599)' });
    }
    await failNext(ctx, name, status);
    return json(200, { ok: true });
  }
  if (segments.length !== 1) return json(404, { ok: false, error: 'Not found' });

  if (req.method === 'GET' || req.method === 'HEAD')
    return json(200, await receivedPayloads(ctx, name));
  if (req.method === 'DELETE') {
    await clearPayloads(ctx, name);
    return json(200, { ok: true });
  }
  if (req.method !== 'POST') return json(405, { ok: false, error: 'Method not allowed' });

  const body = readJson(req);
  if (!body.ok || typeof body.value !== 'object' || body.value === null) {
    return json(400, { ok: false, error: 'The body must be a JSON object' });
  }
  const result = await receivePayload(ctx, name, body.value);
  return result.status === 200
    ? json(200, { ok: true })
    : json(result.status, { ok: false, error: 'Simulated failure (test mode)' });
}

/**
 * The database's day (Db.clock, read by private.today()) over HTTP, for e2e runs whose scenario
 * spans days (an edition's registration in March, the next one opened in November): GET reads
 * it, POST {"day": "YYYY-MM-DD" | date-time | null} moves it (null = the real date), DELETE puts
 * back the day the emulator started with (its `clock` option or SUPABASE_CLOCK). The service key
 * only: it changes what every caller's registration is checked against.
 */
async function databaseClock(req: ApiRequest, { config, db }: ApiContext): Promise<ApiResponse> {
  if (req.claims?.role !== 'service_role')
    return json(403, { ok: false, error: 'The database clock needs the service-role key' });
  if (req.method === 'GET' || req.method === 'HEAD') return json(200, { day: db.clock });
  if (req.method === 'DELETE') {
    db.clock = config.clock ?? null;
    return json(200, { ok: true, day: db.clock });
  }
  if (req.method !== 'POST') return json(405, { ok: false, error: 'Method not allowed' });
  const body = readJson(req);
  const day =
    body.ok && typeof body.value === 'object' && body.value !== null && 'day' in body.value
      ? body.value.day
      : undefined;
  if (day !== null && typeof day !== 'string')
    return json(400, { ok: false, error: 'day must be a date (YYYY-MM-DD) or null' });
  try {
    db.clock = day === null ? null : clockDay(day);
  } catch {
    return json(400, { ok: false, error: 'day must be a date (YYYY-MM-DD) or null' });
  }
  return json(200, { ok: true, day: db.clock });
}

/**
 * DELETE /local/limits forgets the public forms' counted attempts (private.submission_attempts),
 * for e2e runs: every page there speaks from 127.0.0.1, so a whole run's registrations would
 * share one network's allowance (10 an hour) and the last ones be refused. The limits themselves
 * are proved by the contract tests, each caller from its own network. The service key only.
 */
async function forgetLimits(req: ApiRequest, { db }: ApiContext): Promise<ApiResponse> {
  if (req.claims?.role !== 'service_role')
    return json(403, { ok: false, error: 'Forgetting the limits needs the service-role key' });
  if (req.method !== 'DELETE') return json(405, { ok: false, error: 'Method not allowed' });
  const { rows } = await db.query<{ forgotten: number }>(
    'with gone as (delete from private.submission_attempts returning 1) select count(*)::integer as forgotten from gone',
  );
  return json(200, { ok: true, forgotten: rows[0]?.forgotten ?? 0 });
}

export const handleLocalServices: ApiHandler = async (req, ctx) => {
  const { config } = ctx;
  const path = localPath(req);
  if (req.method === 'OPTIONS') return { status: 204, headers: {} };

  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'webhooks') return webhook(req, ctx, segments.slice(1));
  // The Stripe stand-in's test-mode checkout page, and its events for tests (../stripe).
  if (segments[0] === 'checkout') return checkoutRoute(req, ctx, segments.slice(1));
  if (segments[0] === 'stripe' && segments[1] === 'events')
    return stripeEventsRoute(req, ctx, segments.slice(2));
  if (segments[0] === 'stripe' && segments[1] === 'refunds')
    return stripeRefundsRoute(req, ctx, segments.slice(2));

  if (path === '/site-rebuild') {
    if (req.method === 'POST') return json(200, { ok: true, ...receiveSiteRebuild(ctx) });
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!mayManageLocalData(req, ctx.config)) return NOT_ALLOWED;
      return json(200, siteRebuildCalls(ctx));
    }
    return json(405, { ok: false, error: 'Method not allowed' });
  }
  // The scheduler's tick on demand (scheduler.ts), for e2e runs that pin the clock: the service
  // key only, since it runs the project's jobs.
  if (path === '/cron/run' && req.method === 'POST') {
    if (req.claims?.role !== 'service_role')
      return json(403, { ok: false, error: 'Running the cron jobs needs the service-role key' });
    const body = readJson(req);
    const at =
      body.ok && typeof body.value === 'object' && body.value !== null && 'at' in body.value
        ? body.value.at
        : undefined;
    if (at !== undefined && (typeof at !== 'string' || Number.isNaN(Date.parse(at))))
      return json(400, { ok: false, error: 'at must be an ISO date-time' });
    if (typeof at === 'string') ctx.db.now = new Date(at).toISOString();
    return json(200, {
      ok: true,
      ...(await tick(ctx.db, ctx.db.now ? new Date(ctx.db.now) : new Date())),
    });
  }

  if (path === '/clock') return databaseClock(req, ctx);
  if (path === '/limits') return forgetLimits(req, ctx);

  if (req.method === 'GET' || req.method === 'HEAD') {
    if (path === '/donate') return html(req.method, donatePage(config.siteUrl));
  }
  return json(404, { ok: false, error: 'Not found' });
};
