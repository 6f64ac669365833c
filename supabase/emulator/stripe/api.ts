// The local stand-in of the parts of Stripe's API the Edge Functions use, served by the emulator at
// /v1/... on its own port (the stripe package takes a host, port and protocol but always calls
// /v1/, which none of Supabase's APIs use): Checkout Sessions (create, retrieve, line items,
// expire: sessions.ts), Refunds (create, retrieve, list: refunds.ts), Disputes (retrieve, list,
// update with evidence, close: disputes.ts), the PaymentIntent and Charges behind a session,
// events, and webhook endpoints. Every object and event is rendered for one API version,
// STRIPE_API_VERSION, the one the functions' client pins; a request that asks for another
// (Stripe-Version) is refused rather than answered in a shape it did not ask for. Bodies come in
// form-encoded with brackets and answers go out as Stripe's JSON; the secret key is checked
// (Bearer, or Basic as curl -u sends it), and any client holding it may call, as the Dashboard
// does. A POST with an Idempotency-Key answers the first answer again for the same request and
// 400 idempotency_error for another request under the same key, for 24 hours by the emulator's
// clock, after which the key is forgotten and a reuse is a new request (as Stripe prunes keys).
// Test mode only: livemode is false. Paying happens on the test-mode checkout page (checkout.ts),
// as with Stripe. Events go out after the answer, in the order the change made them.
import { createHash } from 'node:crypto';
import { STRIPE_API_VERSION } from '../../functions/_shared/stripe-endpoint';
import { functionEnv, LOCAL_STRIPE_SECRET_KEY } from '../functions/deno';
import type { ApiContext, ApiHandler, ApiRequest } from '../types';
import { errorResponse, noSuch, requestId, StripeError, stripeJson } from './errors';
import { sendEvents, type PendingEvent } from './events';
import { closeDispute, listDisputes, retrieveDispute, updateDispute } from './disputes';
import {
  checkUrl,
  expansions,
  formList,
  formString,
  parseForm,
  refuseUnknown,
  required,
  type FormObject,
} from './form';
import { createRefund, currentRefund, listRefunds } from './refunds';
import {
  createSession,
  currentSession,
  expireOnRequest,
  renderSession,
  sessionLineItems,
} from './sessions';
import {
  nowSeconds,
  saveStripeState,
  stripeId,
  stripeState,
  type StripeState,
  type WebhookEndpoint,
} from './store';

/** The key the stand-in accepts: the one the functions hold (functionEnv's STRIPE_SECRET_KEY). */
function expectedKey(ctx: ApiContext): string {
  return functionEnv(ctx.config).STRIPE_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY;
}

/** The key of a request: `Authorization: Bearer sk_…`, or Basic with the key as the user. */
function requestKey(req: ApiRequest): string | null {
  const header = req.headers.authorization?.trim() ?? '';
  const bearer = /^bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return bearer;
  const basic = /^basic\s+(\S+)$/i.exec(header)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

const masked = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

function authenticate(req: ApiRequest, ctx: ApiContext): string {
  const key = requestKey(req);
  if (!key)
    throw new StripeError(401, {
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  if (key !== expectedKey(ctx))
    throw new StripeError(401, {
      message: key.startsWith('sk_live_')
        ? 'The local Stripe stand-in is test mode only: it takes the test secret key the functions hold.'
        : `Invalid API Key provided: ${masked(key)}`,
    });
  return key;
}

// ---- Webhook endpoints ------------------------------------------------------------------------

function createEndpoint(ctx: ApiContext, state: StripeState, form: FormObject): WebhookEndpoint {
  refuseUnknown(form, ['url', 'enabled_events', 'description', 'metadata', 'api_version']);
  const url = checkUrl(required(formString(form.url, 'url'), 'url'), 'url');
  const events = formList(required(form.enabled_events, 'enabled_events'), 'enabled_events').map(
    (entry) => formString(entry, 'enabled_events') ?? '',
  );
  const version = formString(form.api_version, 'api_version') ?? STRIPE_API_VERSION;
  if (version !== STRIPE_API_VERSION)
    throw new StripeError(400, {
      message: `The local Stripe stand-in renders events for API version ${STRIPE_API_VERSION} only, not ${version}.`,
      param: 'api_version',
    });
  const endpoint: WebhookEndpoint = {
    id: stripeId('we'),
    object: 'webhook_endpoint',
    api_version: version,
    created: nowSeconds(ctx.db),
    enabled_events: events,
    livemode: false,
    secret: stripeId('whsec'),
    status: 'enabled',
    url,
  };
  state.endpoints[endpoint.id] = endpoint;
  return endpoint;
}

// ---- Routing ----------------------------------------------------------------------------------

interface Call {
  method: string;
  segments: string[];
  form: FormObject;
  state: StripeState;
  ctx: ApiContext;
  /** Events to send once the answer is settled, in order. */
  events: PendingEvent[];
}

function unrecognised(method: string, path: string): StripeError {
  return new StripeError(404, {
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });

function sessionsRoute(call: Call, path: string): Answer | null {
  const { method, segments, form, state, ctx, events } = call;
  const [, , id, action] = segments;
  if (method === 'POST' && segments.length === 2) {
    const expand = expansions(form);
    return ok(renderSession(state, createSession(ctx, state, form), expand));
  }
  if (!id) return null;
  if (method === 'POST' && segments.length === 4 && action === 'expire') {
    refuseUnknown(form, ['expand']);
    return ok(renderSession(state, expireOnRequest(ctx, state, id, events), expansions(form)));
  }
  if (method !== 'GET') return null;
  const session = currentSession(ctx, state, id, events);
  if (segments.length === 3) {
    if (!session) throw noSuch('checkout.session', id, 'session');
    return ok(renderSession(state, session, expansions(form)));
  }
  if (segments.length === 4 && action === 'line_items') {
    if (!session) throw noSuch('checkout.session', id, 'session');
    return ok(sessionLineItems(state, session, path));
  }
  return null;
}

function refundsRoute(call: Call, path: string): Answer | null {
  const { method, segments, form, state, ctx, events } = call;
  const [, id] = segments;
  if (method === 'POST' && segments.length === 1) {
    const made = createRefund(ctx, state, form);
    events.push(...made.events);
    return ok(made.refund);
  }
  if (method === 'GET' && segments.length === 1)
    return ok(listRefunds(ctx, state, form, path, events));
  if (method === 'GET' && segments.length === 2 && id) {
    const refund = currentRefund(ctx, state, id, events);
    if (!refund) throw noSuch('refund', id);
    return ok(refund);
  }
  return null;
}

function disputesRoute(call: Call, path: string): Answer | null {
  const { method, segments, form, state, ctx, events } = call;
  const [, id, action] = segments;
  if (method === 'GET' && segments.length === 1) return ok(listDisputes(state, form, path));
  if (!id) return null;
  if (method === 'GET' && segments.length === 2) return ok(retrieveDispute(state, id));
  const changed =
    method === 'POST' && segments.length === 2
      ? updateDispute(ctx, state, id, form)
      : method === 'POST' && segments.length === 3 && action === 'close'
        ? closeDispute(state, id)
        : null;
  if (!changed) return null;
  events.push(...changed.events);
  return ok(changed.answer);
}

/** The answer to one call; throws StripeError for Stripe's error answers. */
function route(call: Call, path: string): Answer {
  const { method, segments, form, state } = call;
  const [first, second] = segments;
  const answer =
    first === 'checkout' && second === 'sessions'
      ? sessionsRoute(call, path)
      : first === 'refunds'
        ? refundsRoute(call, path)
        : first === 'disputes'
          ? disputesRoute(call, path)
          : null;
  if (answer) return answer;
  if (method === 'GET' && segments.length === 2 && second) {
    const found =
      first === 'payment_intents'
        ? [state.paymentIntents[second], 'payment_intent']
        : first === 'charges'
          ? [state.charges[second], 'charge']
          : first === 'events'
            ? [state.events[second]?.event, 'event']
            : null;
    if (found) {
      if (!found[0]) throw noSuch(String(found[1]), second);
      return ok(found[0]);
    }
  }
  if (first === 'webhook_endpoints') {
    if (method === 'POST' && segments.length === 1)
      return ok(createEndpoint(call.ctx, state, form));
    if (method === 'DELETE' && segments.length === 2 && second) {
      if (!state.endpoints[second]) throw noSuch('webhook_endpoint', second);
      state.endpoints = Object.fromEntries(
        Object.entries(state.endpoints).filter(([id]) => id !== second),
      );
      return ok({ id: second, object: 'webhook_endpoint', deleted: true });
    }
  }
  throw unrecognised(method, path);
}

const IDEMPOTENCY_KEY_MAX = 255;
/** How long Stripe keeps an idempotency key: at least 24 hours, then it may prune it. */
export const IDEMPOTENCY_KEY_SECONDS = 24 * 60 * 60;

/** Forgets the keys older than 24 hours by the emulator's clock. */
function pruneIdempotency(ctx: ApiContext, state: StripeState): void {
  const oldest = nowSeconds(ctx.db) - IDEMPOTENCY_KEY_SECONDS;
  state.idempotency = Object.fromEntries(
    Object.entries(state.idempotency).filter(([, answer]) => answer.created > oldest),
  );
}

/** A request in another API version than the stand-in renders is refused, not misanswered. */
function checkVersion(req: ApiRequest): void {
  const asked = req.headers['stripe-version'];
  if (asked !== undefined && asked !== STRIPE_API_VERSION)
    throw new StripeError(400, {
      message: `The local Stripe stand-in speaks API version ${STRIPE_API_VERSION} only (the version supabase/functions/_shared/stripe-endpoint.ts pins), not ${asked}.`,
    });
}

export const handleStripe: ApiHandler = async (req, ctx) => {
  const path = req.url.pathname;
  try {
    const key = authenticate(req, ctx);
    checkVersion(req);
    const state = stripeState(ctx.db, ctx.config);
    const bodyText = req.body.toString('utf8');
    const form = parseForm(
      req.method === 'GET' || req.method === 'DELETE' ? req.url.search.slice(1) : bodyText,
    );
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    let slot: string | null = null;
    if (idempotencyKey !== undefined) {
      if (idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)
        throw new StripeError(400, {
          message: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`,
        });
      pruneIdempotency(ctx, state);
      // Keys belong to the account (the secret key), as Stripe's do.
      slot = createHash('sha256').update(`${key}\n${idempotencyKey}`).digest('hex');
      const request = `${req.method} ${path}\n${bodyText}`;
      const earlier = state.idempotency[slot];
      if (earlier && earlier.request !== request)
        throw new StripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      if (earlier)
        return stripeJson(earlier.status, JSON.parse(earlier.body), {
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
    }
    const call: Call = {
      method: req.method,
      segments: path.split('/').filter(Boolean).slice(1),
      form,
      state,
      ctx,
      events: [],
    };
    let answer: Answer;
    try {
      answer = route(call, path);
    } catch (error) {
      // What time did meanwhile (a session expired on reading it) is sent all the same.
      if (call.events.length > 0) {
        saveStripeState(ctx.db, ctx.config);
        sendEvents(ctx.db, ctx.config, call.events);
      }
      // Stripe keeps the answer of a request that ran, errors too, but not one whose
      // parameters failed validation (those name a param), nor an unknown URL.
      if (!(error instanceof StripeError) || !slot || error.body.param || error.status === 404)
        throw error;
      answer = { status: error.status, body: { error: error.body } };
      call.events = [];
    }
    if (slot)
      state.idempotency[slot] = {
        request: `${req.method} ${path}\n${bodyText}`,
        status: answer.status,
        body: JSON.stringify(answer.body),
        created: nowSeconds(ctx.db),
      };
    saveStripeState(ctx.db, ctx.config);
    // Stripe sends events after it answers, never inside the call; queued now, they go in order,
    // each naming the request that caused it.
    const request = requestId();
    sendEvents(ctx.db, ctx.config, call.events, {
      id: request,
      idempotency_key: idempotencyKey ?? null,
    });
    return stripeJson(answer.status, answer.body, {
      'request-id': request,
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
    });
  } catch (error) {
    if (error instanceof StripeError) {
      const response = errorResponse(error);
      if (error.status === 401)
        response.headers = { ...response.headers, 'www-authenticate': 'Basic realm="Stripe"' };
      return response;
    }
    throw error;
  }
};
