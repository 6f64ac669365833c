// The stand-in's events and their delivery, as Stripe sends them: one builder (stripeEvent) makes
// every event, the stand-in's own and those the hostile tests forge; each event the stand-in
// sends is kept (so a test or a person can send it again, as the Dashboard's "Resend" does) and
// posted to every webhook endpoint that takes its type, signed with that endpoint's secret
// (Stripe-Signature: t=<time>, v1=HMAC-SHA256 of "<time>.<payload>"). The project's own endpoint
// is the stripe-webhook Edge Function with STRIPE_WEBHOOK_SECRET, registered for exactly the
// events the organiser selects in Stripe's Dashboard (STRIPE_WEBHOOK_EVENTS); endpoints added
// through POST /v1/webhook_endpoints (tests: a capture server) get their own secret. Nothing is
// retried by itself: Stripe would retry for days, a test resends.
import { createHmac } from 'node:crypto';
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from '../../functions/_shared/stripe-endpoint';
import { functionEnv } from '../functions/deno';
import type { Db, EmulatorConfig } from '../types';
import {
  nowSeconds,
  saveStripeState,
  stripeId,
  stripeState,
  type Delivery,
  type StripeEvent,
} from './store';

/** How long an endpoint may take to answer: a function's first call starts its Deno process. */
const DELIVERY_TIMEOUT_MS = 60_000;

/** Stripe's Stripe-Signature header for a payload (what stripe's generateTestHeaderString makes). */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The project's endpoint: the stripe-webhook function, with the secret the functions hold. */
export function projectEndpoint(config: EmulatorConfig): {
  url: string;
  secret: string;
  enabled_events: readonly string[];
} {
  return {
    url: `${config.publicUrl}/functions/v1/stripe-webhook`,
    secret: functionEnv(config).STRIPE_WEBHOOK_SECRET ?? '',
    enabled_events: STRIPE_WEBHOOK_EVENTS,
  };
}

export type EventRequest = StripeEvent['request'];

/** What an event about `object` says, as Stripe renders it (a copy of the object, at `created`). */
export function stripeEvent(
  type: string,
  object: unknown,
  options: {
    created: number;
    previous?: Record<string, unknown>;
    request?: EventRequest;
    pendingWebhooks?: number;
  },
): StripeEvent {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: options.created,
    data: {
      object: structuredClone(object),
      ...(options.previous && { previous_attributes: structuredClone(options.previous) }),
    },
    livemode: false,
    pending_webhooks: options.pendingWebhooks ?? 1,
    request: options.request ?? { id: null, idempotency_key: null },
    type,
  };
}

/** One event to send: its type, the object as it was then, what changed (previous_attributes). */
export interface PendingEvent {
  type: string;
  object: unknown;
  previous?: Record<string, unknown>;
}

/**
 * An event about `object` as it is at this moment (a copy: the changes made after it, which the
 * next events report, do not reach it).
 */
export function pendingEvent(
  type: string,
  object: unknown,
  previous?: Record<string, unknown>,
): PendingEvent {
  return {
    type,
    object: structuredClone(object),
    ...(previous && { previous: structuredClone(previous) }),
  };
}

/** The endpoints that take an event of `type`: the project's, then those made over the API. */
function endpointsFor(config: EmulatorConfig, state: ReturnType<typeof stripeState>, type: string) {
  return [projectEndpoint(config), ...Object.values(state.endpoints)].filter(
    (endpoint) => endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type),
  );
}

/** Keeps a new event about `pending.object` (a copy: later changes do not reach it). */
export function recordEvent(
  db: Db,
  config: EmulatorConfig,
  pending: PendingEvent,
  request?: EventRequest,
): StripeEvent {
  const state = stripeState(db, config);
  const event = stripeEvent(pending.type, pending.object, {
    created: nowSeconds(db),
    ...(pending.previous && { previous: pending.previous }),
    ...(request && { request }),
    pendingWebhooks: endpointsFor(config, state, pending.type).length,
  });
  state.events[event.id] = { event, deliveries: [] };
  saveStripeState(db, config);
  return event;
}

/**
 * Keeps the events and queues their delivery, in the order given: what a change at Stripe sends,
 * after the answer that made it (Stripe sends events after it answers, never inside the call).
 * Answers the events' first delivery, for a caller that waits for it (the checkout page).
 */
export function sendEvents(
  db: Db,
  config: EmulatorConfig,
  pending: PendingEvent[],
  request?: EventRequest,
): { event: StripeEvent; delivered: Promise<Delivery[]> }[] {
  return pending
    .map((one) => recordEvent(db, config, one, request))
    .map((event) => {
      const delivered = deliverEvent(db, config, event.id);
      delivered.catch(() => undefined);
      return { event, delivered };
    });
}

/** Each emulator's deliveries, one after another in the order asked (see deliverEvent). */
const queueByDb = new WeakMap<Db, Promise<unknown>>();

/**
 * Posts the stored event to each endpoint that takes it and records each answer's status (0 when
 * the endpoint could not be reached); answers the deliveries made now. Deliveries queue up, so
 * events arrive in the order they happened (Stripe promises no order; a stand-in that keeps one
 * makes tests repeatable).
 */
export function deliverEvent(db: Db, config: EmulatorConfig, eventId: string): Promise<Delivery[]> {
  const delivery = (queueByDb.get(db) ?? Promise.resolve()).then(() => send(db, config, eventId));
  queueByDb.set(
    db,
    delivery.catch(() => undefined),
  );
  return delivery;
}

async function send(db: Db, config: EmulatorConfig, eventId: string): Promise<Delivery[]> {
  const state = stripeState(db, config);
  const stored = state.events[eventId];
  if (!stored) return [];
  const payload = JSON.stringify(stored.event, null, 2);
  const made: Delivery[] = [];
  for (const endpoint of endpointsFor(config, state, stored.event.type)) {
    // Signed at the real time, not the emulator's: the receiver checks the signature's age
    // against its own clock (the stripe package's 5-minute tolerance), as Stripe's are.
    const at = Math.floor(Date.now() / 1000);
    let status = 0;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(payload, endpoint.secret, at),
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    made.push({ endpoint: endpoint.url, status, at });
  }
  stored.deliveries.push(...made);
  stored.event.pending_webhooks = made.filter((d) => d.status < 200 || d.status > 299).length;
  saveStripeState(db, config);
  return made;
}

/** Waits for deliveries still in flight (the emulator's stop, before the database closes). */
export async function settleDeliveries(db: Db): Promise<void> {
  await queueByDb.get(db);
}
