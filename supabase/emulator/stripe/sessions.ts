// Checkout Sessions on the stand-in: created (mode=payment, line items with price_data), retrieved
// with Stripe's expansions, their line items listed, and expired, as Stripe expires them: by
// POST /v1/checkout/sessions/{id}/expire (an open session only) or when expires_at comes by the
// emulator's clock, noticed when the session is read or paid and on the scheduler's tick. An
// expired session sends checkout.session.expired (after payment_intent.canceled when a payment
// was tried and declined) and can no longer be paid. Since API version 2026-09-30 a session is
// created without payment_method_types: allowed_payment_method_types filters what the account
// has turned on, and the stand-in's account takes cards only, so a session that allows no card
// is refused as Stripe refuses a session with no payment method left.
import type { ApiContext } from '../types';
import { noSuch, StripeError } from './errors';
import { pendingEvent, type PendingEvent } from './events';
import {
  checkUrl,
  formInteger,
  formList,
  formMetadata,
  formObject,
  formString,
  formStrings,
  refuseUnknown,
  required,
  type FormObject,
} from './form';
import { stripeList } from './lists';
import { checkoutSession, stripeId, type CheckoutSession, type LineItem } from './objects';
import { nowSeconds, type StripeState } from './store';

/** Stripe's smallest charge per currency (pence, cents); others are taken from 1. */
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, eur: 50, usd: 50 };
/** The largest amount Stripe takes in one charge, in the minor unit. */
const MAXIMUM_AMOUNT = 99_999_999;
/** expires_at: 30 minutes to 24 hours after creation; 24 hours when not given. */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** The payment method types the stand-in's account has turned on (a UK charity's: cards). */
const ACCOUNT_PAYMENT_METHODS = ['card'];

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
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'locale',
  'submit_type',
] as const;

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

/** The payment methods a session offers: the account's, filtered as the session asks. */
function paymentMethods(form: FormObject): { allowed: string[] | null; offered: string[] } {
  if (form.payment_method_types !== undefined)
    throw new StripeError(400, {
      code: 'payment_method_types_no_longer_supported',
      message:
        'payment_method_types is no longer supported on this API version. Use allowed_payment_method_types to choose from the payment methods turned on in your Dashboard, or excluded_payment_method_types.',
      param: 'payment_method_types',
    });
  const allowed =
    form.allowed_payment_method_types === undefined
      ? null
      : formStrings(form.allowed_payment_method_types, 'allowed_payment_method_types');
  const excluded = formStrings(form.excluded_payment_method_types, 'excluded_payment_method_types');
  const offered = ACCOUNT_PAYMENT_METHODS.filter(
    (method) => (allowed === null || allowed.includes(method)) && !excluded.includes(method),
  );
  if (offered.length === 0)
    throw new StripeError(400, {
      message:
        'No valid payment method types for this Checkout Session. Please ensure that you have activated payment methods compatible with your chosen currency in your dashboard (the local Stripe stand-in takes cards only).',
      param: allowed === null ? 'excluded_payment_method_types' : 'allowed_payment_method_types',
    });
  return { allowed, offered };
}

/** The test-mode checkout page of a session (served under /local, see local-services). */
export function checkoutPageUrl(ctx: ApiContext, id: string): string {
  return `${ctx.config.publicUrl}/local/checkout/${id}`;
}

export function createSession(
  ctx: ApiContext,
  state: StripeState,
  form: FormObject,
): CheckoutSession {
  // The removed parameter first: Stripe names it with its own code, not as an unknown one.
  const methods = paymentMethods(form);
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
  const created = nowSeconds(ctx.db);
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
  const session = checkoutSession({
    allowed_payment_method_types: methods.allowed,
    amount_total: total,
    cancel_url: cancelUrl ?? null,
    client_reference_id: reference ?? null,
    created,
    currency,
    customer_email: email ?? null,
    expires_at: expiresAt,
    metadata: formMetadata(form, 'metadata'),
    payment_method_types: methods.offered,
    success_url: successUrl,
  });
  session.url = checkoutPageUrl(ctx, session.id);
  state.sessions[session.id] = session;
  state.lineItems[session.id] = items;
  state.intentMetadata[session.id] = formMetadata(
    intentData,
    'metadata',
    'payment_intent_data[metadata]',
  );
  return session;
}

/**
 * Expires an open session (its time came, or expire was called): a payment tried on it and
 * declined is canceled. Answers the events to send, in Stripe's order.
 */
export function expireSession(
  ctx: ApiContext,
  state: StripeState,
  session: CheckoutSession,
): PendingEvent[] {
  const events: PendingEvent[] = [];
  const intent = session.payment_intent ? state.paymentIntents[session.payment_intent] : undefined;
  if (intent && intent.status === 'requires_payment_method') {
    intent.status = 'canceled';
    intent.canceled_at = nowSeconds(ctx.db);
    intent.cancellation_reason = 'abandoned';
    events.push(pendingEvent('payment_intent.canceled', intent));
  }
  session.status = 'expired';
  session.url = null;
  events.push(pendingEvent('checkout.session.expired', session));
  return events;
}

/**
 * A session as it stands now: an open one whose expires_at has come is expired first (Stripe
 * expires open sessions by itself), its events added to `events` for the caller to send.
 */
export function currentSession(
  ctx: ApiContext,
  state: StripeState,
  id: string,
  events: PendingEvent[],
): CheckoutSession | undefined {
  const session = state.sessions[id];
  if (session?.status === 'open' && nowSeconds(ctx.db) >= session.expires_at)
    events.push(...expireSession(ctx, state, session));
  return session;
}

/** Every open session whose time has come, expired (the scheduler's tick). */
export function expireDueSessions(ctx: ApiContext, state: StripeState): PendingEvent[] {
  const events: PendingEvent[] = [];
  for (const id of Object.keys(state.sessions)) currentSession(ctx, state, id, events);
  return events;
}

/** POST /v1/checkout/sessions/{id}/expire: an open session only, as Stripe allows. */
export function expireOnRequest(
  ctx: ApiContext,
  state: StripeState,
  id: string,
  events: PendingEvent[],
): CheckoutSession {
  const session = currentSession(ctx, state, id, events);
  if (!session) throw noSuch('checkout.session', id, 'session');
  // An expiry noticed just now (its time had come) makes this call's answer the same error.
  if (session.status !== 'open' || events.length > 0)
    throw new StripeError(400, {
      message: `Only Checkout Sessions with a status in ['open'] can be expired. This Checkout Session has a status of ${session.status}.`,
    });
  events.push(...expireSession(ctx, state, session));
  return session;
}

/** The session's line items as Stripe lists them. */
export function sessionLineItems(state: StripeState, session: CheckoutSession, url: string) {
  return stripeList(state.lineItems[session.id] ?? [], url);
}

/** The session as answered, with `expand` applied (payment_intent, its latest_charge, line_items). */
export function renderSession(
  state: StripeState,
  session: CheckoutSession,
  expand: string[],
): unknown {
  const rendered: Record<string, unknown> = { ...session };
  for (const field of expand) {
    if (field === 'line_items') {
      rendered.line_items = sessionLineItems(
        state,
        session,
        `/v1/checkout/sessions/${session.id}/line_items`,
      );
    } else if (field === 'payment_intent' || field === 'payment_intent.latest_charge') {
      const intent = session.payment_intent ? state.paymentIntents[session.payment_intent] : null;
      const latest = intent?.latest_charge ? state.charges[intent.latest_charge] : null;
      rendered.payment_intent =
        intent && field === 'payment_intent.latest_charge'
          ? { ...intent, latest_charge: latest ?? intent.latest_charge }
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
