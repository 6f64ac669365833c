// What the local Stripe stand-in holds: Checkout Sessions, the PaymentIntent and Charge behind each
// paid one, Refunds, the events sent, the webhook endpoints and the idempotency keys, as the wire
// objects Stripe answers with. One store per running emulator (keyed by its database, as the
// other local services are); with a data folder it is written to <dataDir>/stripe/state.json
// after each change, so a session created before a restart can still be paid after it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, EmulatorConfig } from '../types';

/** Stripe's ids: a prefix, then random characters (`cs_test_…` in test mode). */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's timestamps are whole seconds since the epoch, on Stripe's own (real) clock. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface LineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: {
    id: string;
    object: 'price';
    currency: string;
    unit_amount: number;
    product: string;
    type: 'one_time';
  };
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  created: number;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  status: 'succeeded';
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  /** Set when a refund fails (Stripe's values: lost_or_stolen_card, expired_or_canceled_card ...). */
  failure_reason?: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: string | null;
  /** A card refund succeeds at once in test mode; it may fail later (the local control). */
  status: 'succeeded' | 'failed';
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
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

/** What an Idempotency-Key stands for: the request it came with and the answer it got. */
export interface IdempotentAnswer {
  request: string;
  status: number;
  body: string;
}

export interface StripeState {
  sessions: Record<string, CheckoutSession>;
  lineItems: Record<string, LineItem[]>;
  /** payment_intent_data[metadata] of each session: the PaymentIntent and Charge get it on Pay. */
  intentMetadata: Record<string, Record<string, string>>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
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
