// The Stripe objects the stand-in answers with and puts in its events, shaped as Stripe renders
// them for STRIPE_API_VERSION (2026-10-28.endive), built here and nowhere else: the stand-in makes
// every session, PaymentIntent, Charge, Refund and Dispute through these builders, and the tests
// that forge, replay or alter an event (tests/contract/hostile-*.test.ts) build theirs with the
// same ones and events.ts's stripeEvent. Fields the functions never read are kept to the ones that
// show what happened (amounts, statuses, ids, metadata, reasons). Since API version 2022-11-15 a
// Charge carries no `refunds` list; since 2026-09-30 a session is created without
// `payment_method_types` (it answers the computed list, and `allowed_payment_method_types`).
import { randomBytes } from 'node:crypto';

/** Stripe's ids: a prefix, then random characters (`cs_test_…` for a test-mode session). */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

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
  allowed_payment_method_types: string[] | null;
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment' | 'setup' | 'subscription';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

/** A card error as Stripe reports it on a PaymentIntent, a Charge and an API answer. */
export interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  last_payment_error: (CardError & { charge: string; payment_method: string }) | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
}

/** The card a payment was made with, as a Charge describes it. */
export interface CardDetails {
  brand: string;
  country: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit' | 'debit' | 'prepaid';
  last4: string;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  billing_details: { email: string | null; name: string | null };
  captured: boolean;
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  disputed: boolean;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Record<string, string>;
  outcome: {
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { card: CardDetails; type: 'card' };
  receipt_email: string | null;
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

/** Stripe's reasons a card refund fails after it was made. */
export const REFUND_FAILURE_REASONS = [
  'lost_or_stolen_card',
  'expired_or_canceled_card',
  'charge_for_pending_refund_disputed',
  'declined',
  'insufficient_funds',
  'merchant_request',
  'unknown',
] as const;
export type RefundFailureReason = (typeof REFUND_FAILURE_REASONS)[number];

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  customer: null;
  destination_details: {
    card: {
      reference: string | null;
      reference_status: 'pending' | 'available' | 'unavailable';
      reference_type: 'acquirer_reference_number';
      type: 'refund';
    };
    type: 'card';
  };
  /** Set when the refund failed: the balance transaction that put the money back. */
  failure_balance_transaction?: string;
  failure_reason?: RefundFailureReason;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: string | null;
  source_transfer_reversal: null;
  /** A card refund succeeds at once in test mode; one to a card that fails refunds fails later. */
  status: 'succeeded' | 'failed';
  transfer_reversal: null;
}

export interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  created: number;
  currency: string;
  description: string;
  fee: number;
  net: number;
  reporting_category: 'dispute' | 'dispute_reversal';
  status: 'available';
  type: 'adjustment';
}

/** The evidence fields the stand-in takes (Stripe's hash has ~30; test mode reads one). */
export const DISPUTE_EVIDENCE_FIELDS = [
  'customer_email_address',
  'customer_name',
  'product_description',
  'receipt',
  'refund_policy',
  'service_date',
  'uncategorized_text',
] as const;
export type DisputeEvidence = Record<(typeof DISPUTE_EVIDENCE_FIELDS)[number], string | null>;

export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: BalanceTransaction[];
  charge: string;
  created: number;
  currency: string;
  enhanced_eligibility_types: string[];
  evidence: DisputeEvidence;
  evidence_details: {
    due_by: number | null;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method_details: {
    card: { brand: string; case_type: 'chargeback'; network_reason_code: string };
    type: 'card';
  };
  reason: 'fraudulent' | 'product_not_received' | 'general';
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
}

/** Fills in what Stripe renders for a field the stand-in has no use for. */
type Given<T, Required extends keyof T> = Pick<T, Required> & Partial<T>;

/** A Checkout Session in payment mode, open and unpaid unless told otherwise. */
export function checkoutSession(
  given: Given<CheckoutSession, 'amount_total' | 'created' | 'expires_at' | 'success_url'>,
): CheckoutSession {
  return {
    id: stripeId('cs_test'),
    object: 'checkout.session',
    allowed_payment_method_types: null,
    amount_subtotal: given.amount_total,
    cancel_url: null,
    client_reference_id: null,
    currency: 'gbp',
    customer: null,
    customer_details: null,
    customer_email: null,
    livemode: false,
    metadata: {},
    mode: 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    url: null,
    ...given,
  };
}

/** A card PaymentIntent, waiting for its payment method unless told otherwise. */
export function paymentIntent(
  given: Given<PaymentIntent, 'amount' | 'currency' | 'created'>,
): PaymentIntent {
  return {
    id: stripeId('pi'),
    object: 'payment_intent',
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    ...given,
  };
}

/** A card Charge: succeeded, or failed with the card error given. */
export function charge(
  given: Given<Charge, 'amount' | 'currency' | 'created' | 'payment_intent'> & {
    card: CardDetails;
    error?: CardError | null;
  },
): Charge {
  const { card, error, ...fields } = given;
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount_captured: error ? 0 : given.amount,
    amount_refunded: 0,
    balance_transaction: error ? null : stripeId('txn'),
    billing_details: { email: null, name: null },
    captured: !error,
    customer: null,
    description: null,
    disputed: false,
    failure_code: error?.code ?? null,
    failure_message: error?.message ?? null,
    livemode: false,
    metadata: {},
    outcome: error
      ? {
          network_status: 'declined_by_network',
          reason: error.decline_code ?? error.code,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !error,
    payment_method: stripeId('pm'),
    payment_method_details: { card, type: 'card' },
    receipt_email: null,
    refunded: false,
    status: error ? 'failed' : 'succeeded',
    ...fields,
  };
}

/** A card refund, succeeded unless told otherwise. */
export function refund(
  given: Given<Refund, 'amount' | 'charge' | 'created' | 'payment_intent'>,
): Refund {
  return {
    id: stripeId('re'),
    object: 'refund',
    balance_transaction: stripeId('txn'),
    currency: 'gbp',
    customer: null,
    destination_details: {
      card: {
        reference: null,
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: {},
    payment_method: stripeId('pm'),
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
    ...given,
  };
}

/** The balance transaction a dispute makes: the money taken (negative) or given back. */
export function disputeBalanceTransaction(
  amount: number,
  currency: string,
  created: number,
): BalanceTransaction {
  return {
    id: stripeId('txn'),
    object: 'balance_transaction',
    amount,
    created,
    currency,
    description: amount < 0 ? 'Chargeback withdrawal' : 'Chargeback reversal',
    fee: 0,
    net: amount,
    reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
    status: 'available',
    type: 'adjustment',
  };
}

/** A card dispute waiting for the merchant's response, its amount already withdrawn. */
export function dispute(
  given: Given<Dispute, 'amount' | 'charge' | 'created' | 'currency' | 'payment_intent'>,
): Dispute {
  return {
    id: stripeId('du'),
    object: 'dispute',
    balance_transactions: [],
    enhanced_eligibility_types: [],
    evidence: Object.fromEntries(
      DISPUTE_EVIDENCE_FIELDS.map((field) => [field, null]),
    ) as DisputeEvidence,
    evidence_details: { due_by: null, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_method_details: {
      card: { brand: 'visa', case_type: 'chargeback', network_reason_code: '10.4' },
      type: 'card',
    },
    reason: 'fraudulent',
    status: 'needs_response',
    ...given,
  };
}
