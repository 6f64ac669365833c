// What the local Stripe stand-in holds: Checkout Sessions, the PaymentIntent and Charges behind
// each one paid or tried, Refunds, Disputes, the events sent, the webhook endpoints and the
// idempotency keys, as the wire objects Stripe answers with (objects.ts). One store per running
// emulator (keyed by its database, as the other local services are); with a data folder it is
// written to <dataDir>/stripe/state.json after each change, so a session created before a restart
// can still be paid after it. Its clock is the emulator's, so a test that pins or moves it sees
// sessions, refunds and idempotency keys expire as they would days later.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emulatorNow } from '../scheduler';
import type { Db, EmulatorConfig } from '../types';
import type { Charge, CheckoutSession, Dispute, LineItem, PaymentIntent, Refund } from './objects';

export { stripeId } from './objects';

/** Stripe's clock in whole seconds since the epoch: the emulator's (Db.now when a test pins it). */
export const nowSeconds = (db: Db) => Math.floor(emulatorNow(db).getTime() / 1000);

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string;
  created: number;
  enabled_events: string[];
  livemode: false;
  secret: string;
  status: 'enabled';
  url: string;
}

/** One attempt to deliver an event to an endpoint, for the local event list. */
export interface Delivery {
  endpoint: string;
  status: number;
  at: number;
}

/** What an Idempotency-Key stands for: the request it came with, its answer, and when. */
export interface IdempotentAnswer {
  request: string;
  status: number;
  body: string;
  created: number;
}

export interface StripeState {
  sessions: Record<string, CheckoutSession>;
  lineItems: Record<string, LineItem[]>;
  /** payment_intent_data[metadata] of each session: the PaymentIntent and Charge get it on Pay. */
  intentMetadata: Record<string, Record<string, string>>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  disputes: Record<string, Dispute>;
  /**
   * The charges paid with a card whose refunds fail (4000 0000 0000 5126), and the refunds of
   * theirs still to fail: the time each fails at, by the emulator's clock (see refunds.ts).
   */
  refundFailingCharges: Record<string, true>;
  refundFailures: Record<string, number>;
  events: Record<string, { event: StripeEvent; deliveries: Delivery[] }>;
  endpoints: Record<string, WebhookEndpoint>;
  idempotency: Record<string, IdempotentAnswer>;
}

const emptyState = (): StripeState => ({
  sessions: {},
  lineItems: {},
  intentMetadata: {},
  paymentIntents: {},
  charges: {},
  refunds: {},
  disputes: {},
  refundFailingCharges: {},
  refundFailures: {},
  events: {},
  endpoints: {},
  idempotency: {},
});

const states = new WeakMap<Db, StripeState>();

function stateFile(config: EmulatorConfig): string | null {
  return config.dataDir ? path.join(config.dataDir, 'stripe', 'state.json') : null;
}

/** The stand-in's store for this emulator, read from its data folder on first use. */
export function stripeState(db: Db, config: EmulatorConfig): StripeState {
  let state = states.get(db);
  if (!state) {
    state = emptyState();
    const file = stateFile(config);
    if (file) {
      try {
        state = { ...state, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<StripeState>) };
      } catch {
        // No file yet (or a torn one): a new, empty account.
      }
    }
    states.set(db, state);
  }
  return state;
}

/**
 * Writes the store after a change. Synchronous on purpose: each API call changes the store and
 * saves it without yielding, so two calls never interleave (the idempotency check relies on it).
 */
export function saveStripeState(db: Db, config: EmulatorConfig): void {
  const file = stateFile(config);
  const state = states.get(db);
  if (!file || !state) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}
