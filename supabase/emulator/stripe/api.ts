// The local stand-in of the parts of Stripe's API the Edge Functions use, served by the emulator at
// /v1/... on its own port (the stripe package takes a host, port and protocol but always calls
// /v1/, which none of Supabase's APIs use): Checkout Sessions (create, retrieve, line items),
// Refunds (create, retrieve), the PaymentIntent and Charge behind a paid session, events, and
// webhook endpoints. Bodies come in form-encoded with brackets and answers go out as Stripe's
// JSON; the secret key is checked (Bearer, or Basic as curl -u sends it); a POST with an
// Idempotency-Key answers the first answer again for the same request, and 400
// idempotency_error for another request under the same key. Test mode only: livemode is false.
// Paying happens on the test-mode checkout page (checkout.ts), as with Stripe.
import { createHash } from 'node:crypto';
import { functionEnv, LOCAL_STRIPE_SECRET_KEY } from '../functions/deno';
import type { ApiContext, ApiHandler, ApiRequest } from '../types';
import { errorResponse, noSuch, StripeError, stripeJson } from './errors';
import { deliverEvent, recordEvent } from './events';
import {
  expansions,
  formHash,
  formInteger,
  formList,
  formObject,
  formString,
  parseForm,
  refuseUnknown,
  type FormObject,
} from './form';
import {
  nowSeconds,
  saveStripeState,
  stripeId,
  stripeState,
  type CheckoutSession,
  type LineItem,
  type Refund,
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

// ---- Checkout Sessions ------------------------------------------------------------------------

/** Stripe's smallest charge per currency (pence, cents); others are taken from 1. */
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, eur: 50, usd: 50 };
/** The largest amount Stripe takes in one charge, in the minor unit. */
const MAXIMUM_AMOUNT = 99_999_999;
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

const SESSION_PARAMS = [
  'mode',
  'line_items',
  'client_reference_id',
  'customer_email',
  'metadata',
  'payment_intent_data',
  'success_url',
  'cancel_url',
  'expires_at',
  'expand',
  'payment_method_types',
  'locale',
  'submit_type',
] as const;

function required<T>(value: T | undefined, param: string): T {
  if (value === undefined || value === '')
    throw new StripeError(400, {
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
    });
  return value;
}

function checkUrl(value: string, param: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new StripeError(400, { code: 'url_invalid', message: 'Not a valid URL', param });
  return value;
}

/** Metadata as Stripe limits it: 50 keys, keys up to 40 characters, values up to 500. */
function metadata(form: FormObject, name: string, param = name): Record<string, string> {
  const hash = formHash(form[name], param);
  const entries = Object.entries(hash).filter(([, value]) => value !== '');
  if (entries.length > 50)
    throw new StripeError(400, { message: 'Metadata can have up to 50 keys.', param });
  for (const [key, value] of entries) {
    if (key.length > 40 || value.length > 500)
      throw new StripeError(400, {
        message: 'Metadata keys can be up to 40 characters long and values up to 500 characters.',
        param: `${param}[${key}]`,
      });
  }
  return Object.fromEntries(entries);
}

function lineItems(form: FormObject): LineItem[] {
  const items = formList(required(form.line_items, 'line_items'), 'line_items');
  if (items.length === 0) required(undefined, 'line_items');
  return items.map((entry, index) => {
    const param = `line_items[${index}]`;
    const item = formObject(entry, param);
    refuseUnknown(item, ['price_data', 'quantity'], param);
    const priceData = formObject(required(item.price_data, `${param}[price_data]`), param);
    refuseUnknown(priceData, ['currency', 'unit_amount', 'product_data'], `${param}[price_data]`);
    const currency = required(
      formString(priceData.currency, `${param}[price_data][currency]`),
      `${param}[price_data][currency]`,
    ).toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw new StripeError(400, {
        message: `Invalid currency: ${currency}.`,
        param: `${param}[price_data][currency]`,
      });
    const unitAmount = required(
      formInteger(priceData.unit_amount, `${param}[price_data][unit_amount]`),
      `${param}[price_data][unit_amount]`,
    );
    if (unitAmount < 0 || unitAmount > MAXIMUM_AMOUNT)
      throw new StripeError(400, {
        code: 'parameter_invalid_integer',
        message: `Invalid non-negative integer`,
        param: `${param}[price_data][unit_amount]`,
      });
    const product = formObject(
      required(priceData.product_data, `${param}[price_data][product_data]`),
      `${param}[price_data][product_data]`,
    );
    refuseUnknown(product, ['name', 'description'], `${param}[price_data][product_data]`);
    const name = required(
      formString(product.name, `${param}[price_data][product_data][name]`),
      `${param}[price_data][product_data][name]`,
    );
    const quantity = required(
      formInteger(item.quantity, `${param}[quantity]`),
      `${param}[quantity]`,
    );
    if (quantity < 1)
      throw new StripeError(400, {
        code: 'parameter_invalid_integer',
        message: 'This value must be greater than or equal to 1.',
        param: `${param}[quantity]`,
      });
    return {
      id: stripeId('li'),
      object: 'item',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      currency,
      description: name,
      quantity,
      price: {
        id: stripeId('price'),
        object: 'price',
        currency,
        unit_amount: unitAmount,
        product: stripeId('prod'),
        type: 'one_time',
      },
    };
  });
}

function createSession(ctx: ApiContext, state: StripeState, form: FormObject): CheckoutSession {
  refuseUnknown(form, SESSION_PARAMS);
  const mode = required(formString(form.mode, 'mode'), 'mode');
  if (mode !== 'payment')
    throw new StripeError(400, {
      message: `The local Stripe stand-in takes mode=payment only, not ${mode}.`,
      param: 'mode',
    });
  const successUrl = checkUrl(
    required(formString(form.success_url, 'success_url'), 'success_url'),
    'success_url',
  );
  const cancelUrl = formString(form.cancel_url, 'cancel_url');
  if (cancelUrl) checkUrl(cancelUrl, 'cancel_url');
  const items = lineItems(form);
  const currency = items[0]?.currency ?? 'gbp';
  if (items.some((item) => item.currency !== currency))
    throw new StripeError(400, {
      message: 'All line items must have the same currency.',
      param: 'line_items',
    });
  const total = items.reduce((sum, item) => sum + item.amount_total, 0);
  const minimum = MINIMUM_CHARGE[currency] ?? 1;
  if (total < minimum || total > MAXIMUM_AMOUNT)
    throw new StripeError(400, {
      message: `The Checkout Session's total amount due must add up to at least ${minimum} and at most ${MAXIMUM_AMOUNT} in the currency's smallest unit (${currency}).`,
      param: 'line_items',
    });
  const reference = formString(form.client_reference_id, 'client_reference_id');
  if (reference !== undefined && (reference.length > 200 || reference === ''))
    throw new StripeError(400, {
      message: 'client_reference_id must be 1 to 200 characters.',
      param: 'client_reference_id',
    });
  const email = formString(form.customer_email, 'customer_email');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new StripeError(400, {
      code: 'email_invalid',
      message: `Invalid email address: ${email}`,
      param: 'customer_email',
    });
  const created = nowSeconds();
  const expiresAt = formInteger(form.expires_at, 'expires_at') ?? created + MAX_EXPIRY_SECONDS;
  if (expiresAt < created + MIN_EXPIRY_SECONDS)
    throw new StripeError(400, {
      message:
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      param: 'expires_at',
    });
  if (expiresAt > created + MAX_EXPIRY_SECONDS)
    throw new StripeError(400, {
      message:
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      param: 'expires_at',
    });
  const intentData = formObject(form.payment_intent_data, 'payment_intent_data');
  refuseUnknown(intentData, ['metadata', 'description'], 'payment_intent_data');
  const intentMetadata = metadata(intentData, 'metadata', 'payment_intent_data[metadata]');
  const methods = formList(form.payment_method_types, 'payment_method_types').map((method) =>
    typeof method === 'string' ? method : 'card',
  );
  const id = stripeId('cs_test');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl ?? null,
    client_reference_id: reference ?? null,
    created,
    currency,
    customer_details: null,
    customer_email: email ?? null,
    expires_at: expiresAt,
    livemode: false,
    metadata: metadata(form, 'metadata'),
    mode: 'payment',
    payment_intent: null,
    payment_method_types: methods.length > 0 ? methods : ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    url: checkoutPageUrl(ctx, id),
  };
  state.sessions[id] = session;
  state.lineItems[id] = items;
  state.intentMetadata[id] = intentMetadata;
  return session;
}

/** The test-mode checkout page of a session (served under /local, see checkout.ts). */
export function checkoutPageUrl(ctx: ApiContext, id: string): string {
  return `${ctx.config.publicUrl}/local/checkout/${id}`;
}

/** A session, expired first when its time is up (Stripe expires open sessions by itself). */
export function currentSession(state: StripeState, id: string): CheckoutSession | undefined {
  const session = state.sessions[id];
  if (session?.status === 'open' && nowSeconds() >= session.expires_at) {
    session.status = 'expired';
    session.url = null;
  }
  return session;
}

function listOf<T>(data: T[], url: string) {
  return { object: 'list', data, has_more: false, url };
}

/** The session as answered, with `expand` applied (payment_intent, its latest_charge, line_items). */
function renderSession(state: StripeState, session: CheckoutSession, expand: string[]): unknown {
  const rendered: Record<string, unknown> = { ...session };
  for (const field of expand) {
    if (field === 'line_items') {
      rendered.line_items = listOf(
        state.lineItems[session.id] ?? [],
        `/v1/checkout/sessions/${session.id}/line_items`,
      );
    } else if (field === 'payment_intent' || field === 'payment_intent.latest_charge') {
      const intent = session.payment_intent ? state.paymentIntents[session.payment_intent] : null;
      rendered.payment_intent =
        intent && field === 'payment_intent.latest_charge'
          ? {
              ...intent,
              latest_charge: state.charges[intent.latest_charge] ?? intent.latest_charge,
            }
          : (intent ?? null);
    } else {
      throw new StripeError(400, {
        message: `This property cannot be expanded (${field}).`,
        param: 'expand',
      });
    }
  }
  return rendered;
}

// ---- Refunds ----------------------------------------------------------------------------------

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
type RefundReason = (typeof REFUND_REASONS)[number];
const isReason = (value: string): value is RefundReason =>
  (REFUND_REASONS as readonly string[]).includes(value);

/** Stripe's way of stating an amount in its refund errors: £12.50. */
function statedAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

function createRefund(state: StripeState, form: FormObject): Refund {
  refuseUnknown(form, ['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand']);
  const intentId = formString(form.payment_intent, 'payment_intent');
  const chargeId = formString(form.charge, 'charge');
  if (!intentId && !chargeId)
    throw new StripeError(400, {
      message:
        'One of the following params should be provided for this request: payment_intent or charge.',
    });
  let charge = chargeId ? state.charges[chargeId] : undefined;
  if (chargeId && !charge) throw noSuch('charge', chargeId, 'charge');
  if (intentId) {
    const intent = state.paymentIntents[intentId];
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
    if (charge && charge.payment_intent !== intentId)
      throw new StripeError(400, {
        message: `The charge ${charge.id} does not belong to the PaymentIntent ${intentId}.`,
        param: 'charge',
      });
    charge = state.charges[intent.latest_charge];
  }
  if (!charge)
    throw new StripeError(400, {
      message: 'This PaymentIntent does not have a successful charge to refund.',
      param: 'payment_intent',
    });
  const reasonText = formString(form.reason, 'reason');
  if (reasonText !== undefined && !isReason(reasonText))
    throw new StripeError(400, {
      message: 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
      param: 'reason',
    });
  const left = charge.amount - charge.amount_refunded;
  if (left <= 0)
    throw new StripeError(400, {
      code: 'charge_already_refunded',
      message: `Charge ${charge.id} has already been refunded.`,
    });
  const amount = formInteger(form.amount, 'amount') ?? left;
  if (amount < 1)
    throw new StripeError(400, {
      code: 'parameter_invalid_integer',
      message: 'Invalid positive integer',
      param: 'amount',
    });
  // Stripe states the amounts in its message and names the param; its code is amount_too_large.
  if (amount > left)
    throw new StripeError(400, {
      code: 'amount_too_large',
      message: `Refund amount (${statedAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${statedAmount(left, charge.currency)})`,
      param: 'amount',
    });
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    balance_transaction: stripeId('txn'),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    metadata: metadata(form, 'metadata'),
    payment_intent: charge.payment_intent,
    reason: reasonText ?? null,
    receipt_number: null,
    status: 'succeeded',
  };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  state.refunds[refund.id] = refund;
  return refund;
}

/** Stripe's reasons a card refund fails after it was made. */
export const REFUND_FAILURE_REASONS = [
  'lost_or_stolen_card',
  'expired_or_canceled_card',
  'declined',
  'insufficient_funds',
  'merchant_request',
  'unknown',
] as const;

/**
 * The local control behind POST /local/stripe/refunds/<re_…>/fail: the refund fails as a card
 * refund can after it succeeded (the card was closed), the money goes back on the charge, and
 * refund.updated is sent with status 'failed'. Answers the refund, or null for an unknown one or
 * one that failed already.
 */
export function failRefund(
  ctx: ApiContext,
  id: string,
  reason: (typeof REFUND_FAILURE_REASONS)[number],
): Refund | null {
  const state = stripeState(ctx.db, ctx.config);
  const refund = state.refunds[id];
  if (!refund || refund.status === 'failed') return null;
  refund.status = 'failed';
  refund.failure_reason = reason;
  const charge = state.charges[refund.charge];
  if (charge) {
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
  }
  const event = recordEvent(ctx.db, ctx.config, 'refund.updated', refund);
  saveStripeState(ctx.db, ctx.config);
  deliverEvent(ctx.db, ctx.config, event.id).catch(() => undefined);
  return refund;
}

/**
 * The charge with its refunds, newest first, as a webhook endpoint that expands
 * data.object.refunds receives it in charge.refunded (since API version 2022-11-15 a charge does
 * not carry them unless expanded).
 */
export function chargeWithRefunds(state: StripeState, chargeId: string): unknown {
  const charge = state.charges[chargeId];
  if (!charge) return null;
  const refunds = Object.values(state.refunds)
    .filter((refund) => refund.charge === chargeId)
    .reverse();
  return { ...charge, refunds: listOf(refunds, `/v1/charges/${chargeId}/refunds`) };
}

/** GET /v1/refunds: newest first, of one charge or PaymentIntent when asked, up to `limit`. */
function listRefunds(state: StripeState, form: FormObject, path: string): unknown {
  refuseUnknown(form, ['charge', 'payment_intent', 'limit']);
  const charge = formString(form.charge, 'charge');
  const intent = formString(form.payment_intent, 'payment_intent');
  const limit = formInteger(form.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw new StripeError(400, {
      message: 'This value must be greater than or equal to 1 and less than or equal to 100.',
      param: 'limit',
    });
  const matching = Object.values(state.refunds)
    .filter(
      (refund) =>
        (charge === undefined || refund.charge === charge) &&
        (intent === undefined || refund.payment_intent === intent),
    )
    .reverse();
  return { ...listOf(matching.slice(0, limit), path), has_more: matching.length > limit };
}

// ---- Webhook endpoints ------------------------------------------------------------------------

function createEndpoint(state: StripeState, form: FormObject): WebhookEndpoint {
  refuseUnknown(form, ['url', 'enabled_events', 'description', 'metadata', 'api_version']);
  const url = checkUrl(required(formString(form.url, 'url'), 'url'), 'url');
  const events = formList(required(form.enabled_events, 'enabled_events'), 'enabled_events').map(
    (entry) => formString(entry, 'enabled_events') ?? '',
  );
  const endpoint: WebhookEndpoint = {
    id: stripeId('we'),
    object: 'webhook_endpoint',
    created: nowSeconds(),
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
  /** Events to send once the answer is settled: [type, object]. */
  events: [string, unknown][];
}

function unrecognised(method: string, path: string): StripeError {
  return new StripeError(404, {
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

/** The answer to one call; throws StripeError for Stripe's error answers. */
function route(call: Call, path: string): { status: number; body: unknown } {
  const { method, segments, form, state } = call;
  const [first, second, third, fourth] = segments;
  if (first === 'checkout' && second === 'sessions') {
    if (method === 'POST' && segments.length === 2) {
      const expand = expansions(form);
      const session = createSession(call.ctx, state, form);
      return { status: 200, body: renderSession(state, session, expand) };
    }
    const session = third ? currentSession(state, third) : undefined;
    if (method === 'GET' && segments.length === 3) {
      if (!session) throw noSuch('checkout.session', third ?? '', 'session');
      return { status: 200, body: renderSession(state, session, expansions(form)) };
    }
    if (method === 'GET' && segments.length === 4 && fourth === 'line_items') {
      if (!session) throw noSuch('checkout.session', third ?? '', 'session');
      return { status: 200, body: listOf(state.lineItems[session.id] ?? [], path) };
    }
  }
  if (first === 'refunds') {
    if (method === 'POST' && segments.length === 1) {
      const refund = createRefund(state, form);
      call.events.push(
        ['charge.refunded', chargeWithRefunds(state, refund.charge)],
        ['refund.updated', refund],
      );
      return { status: 200, body: refund };
    }
    if (method === 'GET' && segments.length === 1)
      return { status: 200, body: listRefunds(state, form, path) };
    if (method === 'GET' && segments.length === 2) {
      const refund = state.refunds[second ?? ''];
      if (!refund) throw noSuch('refund', second ?? '');
      return { status: 200, body: refund };
    }
  }
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
      return { status: 200, body: found[0] };
    }
  }
  if (first === 'webhook_endpoints') {
    if (method === 'POST' && segments.length === 1)
      return { status: 200, body: createEndpoint(state, form) };
    if (method === 'DELETE' && segments.length === 2 && second) {
      if (!state.endpoints[second]) throw noSuch('webhook_endpoint', second);
      state.endpoints = Object.fromEntries(
        Object.entries(state.endpoints).filter(([id]) => id !== second),
      );
      return { status: 200, body: { id: second, object: 'webhook_endpoint', deleted: true } };
    }
  }
  throw unrecognised(method, path);
}

const IDEMPOTENCY_KEY_MAX = 255;

export const handleStripe: ApiHandler = async (req, ctx) => {
  const path = req.url.pathname;
  try {
    const key = authenticate(req, ctx);
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
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
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
    let answer: { status: number; body: unknown };
    try {
      answer = route(call, path);
    } catch (error) {
      // Stripe keeps the answer of a request that ran, errors too, but not one whose
      // parameters failed validation (those name a param), nor an unknown URL.
      if (!(error instanceof StripeError) || !slot || error.body.param || error.status === 404)
        throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    if (slot)
      state.idempotency[slot] = {
        request: `${req.method} ${path}\n${bodyText}`,
        status: answer.status,
        body: JSON.stringify(answer.body),
      };
    const request = { id: null, idempotency_key: idempotencyKey ?? null };
    const events = call.events.map(([type, object]) =>
      recordEvent(ctx.db, ctx.config, type, object, request),
    );
    saveStripeState(ctx.db, ctx.config);
    // Stripe sends events after it answers, never inside the call; queued now, they go in order.
    for (const event of events) deliverEvent(ctx.db, ctx.config, event.id).catch(() => undefined);
    return stripeJson(
      answer.status,
      answer.body,
      idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    );
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
