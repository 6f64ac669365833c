// The stand-in's events and their delivery, as Stripe sends them: each event is kept (so a test or
// a person can send it again, as the Dashboard's "Resend" does) and posted to every webhook
// endpoint that takes its type, signed with that endpoint's secret (Stripe-Signature: t=<time>,
// v1=HMAC-SHA256 of "<time>.<payload>"). The project's own endpoint is the stripe-webhook Edge
// Function with STRIPE_WEBHOOK_SECRET, as the organiser registers it in Stripe's Dashboard;
// endpoints added through POST /v1/webhook_endpoints (tests: a capture server) get their own
// secret. Nothing is retried by itself: Stripe would retry for days, a test resends.
import { createHmac } from 'node:crypto';
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

/** The API version the stand-in's events say they were rendered with (stripe 23.1.0's). */
export const STAND_IN_API_VERSION = '2026-10-28.endive';

/** How long an endpoint may take to answer: a function's first call starts its Deno process. */
const DELIVERY_TIMEOUT_MS = 60_000;

/** Stripe's Stripe-Signature header for a payload (what stripe's generateTestHeaderString makes). */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The project's endpoint: the stripe-webhook function, with the secret the functions hold. */
export function projectEndpoint(config: EmulatorConfig): { url: string; secret: string } {
  return {
    url: `${config.publicUrl}/functions/v1/stripe-webhook`,
    secret: functionEnv(config).STRIPE_WEBHOOK_SECRET ?? '',
  };
}

/** A new event about `object` (a copy: later changes to the object do not reach it). */
export function recordEvent(
  db: Db,
  config: EmulatorConfig,
  type: string,
  object: unknown,
  request: { id: string | null; idempotency_key: string | null } = {
    id: null,
    idempotency_key: null,
  },
): StripeEvent {
  const state = stripeState(db, config);
  const event: StripeEvent = {
    id: stripeId('evt'),
    object: 'event',
    api_version: STAND_IN_API_VERSION,
    created: nowSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1 + Object.keys(state.endpoints).length,
    request,
    type,
  };
  state.events[event.id] = { event, deliveries: [] };
  saveStripeState(db, config);
  return event;
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
  const endpoints = [
    projectEndpoint(config),
    ...Object.values(state.endpoints).filter(
      (endpoint) =>
        endpoint.enabled_events.includes('*') ||
        endpoint.enabled_events.includes(stored.event.type),
    ),
  ];
  const made: Delivery[] = [];
  for (const endpoint of endpoints) {
    const at = nowSeconds();
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
