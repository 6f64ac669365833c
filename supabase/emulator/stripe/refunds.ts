// Refunds on the stand-in, as Stripe makes them for any client holding the secret key (the
// product's refund function, the Dashboard, another integration): of a PaymentIntent or a
// Charge, in part or in full, with or without metadata, never more than the charge's unrefunded
// amount (Stripe's amount_too_large, naming both amounts) and never on a charge under dispute.
// A card refund succeeds at once in test mode and sends refund.created, then charge.refunded
// (the Charge, which carries no refunds list since API version 2022-11-15). A refund of a charge
// paid with 4000 0000 0000 5126 succeeds at first and fails later, as Stripe documents: after
// REFUND_FAILURE_DELAY_SECONDS by the emulator's clock it is failed (expired_or_canceled_card)
// when it is next read or at the scheduler's next tick, the money goes back on the charge, and
// refund.updated (status failed), refund.failed and the legacy charge.refund.updated are sent.
// The local control POST /local/stripe/refunds/{id}/fail fails any refund now, for a reason given.
import type { ApiContext } from '../types';
import { noSuch, StripeError } from './errors';
import { pendingEvent, type PendingEvent } from './events';
import { formInteger, formMetadata, formString, refuseUnknown, type FormObject } from './form';
import { listByCharge } from './lists';
import {
  refund as newRefund,
  stripeId,
  type Charge,
  type Refund,
  type RefundFailureReason,
} from './objects';
import { nowSeconds, type StripeState } from './store';

/** How long after it was made a refund to 4000 0000 0000 5126 fails ("some time later"). */
export const REFUND_FAILURE_DELAY_SECONDS = 60;

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

/** The charge a refund asks for, by `charge` or by `payment_intent` (its latest charge). */
function chargeToRefund(state: StripeState, form: FormObject): Charge {
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
    charge =
      intent.status === 'succeeded' && intent.latest_charge
        ? state.charges[intent.latest_charge]
        : undefined;
  }
  if (!charge || charge.status !== 'succeeded')
    throw new StripeError(400, {
      message: 'This PaymentIntent does not have a successful charge to refund.',
      param: 'payment_intent',
    });
  return charge;
}

/** POST /v1/refunds: the refund, and its events in Stripe's order. */
export function createRefund(
  ctx: ApiContext,
  state: StripeState,
  form: FormObject,
): { refund: Refund; events: PendingEvent[] } {
  refuseUnknown(form, ['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand']);
  const charge = chargeToRefund(state, form);
  const reasonText = formString(form.reason, 'reason');
  if (reasonText !== undefined && !isReason(reasonText))
    throw new StripeError(400, {
      message: 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
      param: 'reason',
    });
  const disputed = Object.values(state.disputes).some(
    (dispute) => dispute.charge === charge.id && dispute.status !== 'won',
  );
  if (disputed)
    throw new StripeError(400, {
      code: 'charge_disputed',
      message: `Charge ${charge.id} has been charged back; cannot issue a refund.`,
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
  const created = nowSeconds(ctx.db);
  const refund = newRefund({
    amount,
    charge: charge.id,
    created,
    currency: charge.currency,
    metadata: formMetadata(form, 'metadata'),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: reasonText ?? null,
  });
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  state.refunds[refund.id] = refund;
  if (state.refundFailingCharges[charge.id])
    state.refundFailures[refund.id] = created + REFUND_FAILURE_DELAY_SECONDS;
  return {
    refund,
    events: [
      pendingEvent('refund.created', refund),
      pendingEvent('charge.refunded', charge, previous),
    ],
  };
}

/**
 * The refund fails as a card refund can after it succeeded (the card was closed): the money
 * goes back on the charge, to be refunded again. Answers the events to send, or none for a
 * refund that has failed already.
 */
export function failRefund(
  state: StripeState,
  refund: Refund,
  reason: RefundFailureReason,
): PendingEvent[] {
  state.refundFailures = Object.fromEntries(
    Object.entries(state.refundFailures).filter(([id]) => id !== refund.id),
  );
  if (refund.status === 'failed') return [];
  const previous = { status: refund.status };
  refund.status = 'failed';
  refund.failure_reason = reason;
  refund.failure_balance_transaction = stripeId('txn');
  const charge = state.charges[refund.charge];
  if (charge) {
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
  }
  return [
    pendingEvent('refund.updated', refund, previous),
    pendingEvent('refund.failed', refund),
    pendingEvent('charge.refund.updated', refund, previous),
  ];
}

/** A refund as it stands now: one whose failure is due fails first ("subsequent fetches"). */
export function currentRefund(
  ctx: ApiContext,
  state: StripeState,
  id: string,
  events: PendingEvent[],
): Refund | undefined {
  const refund = state.refunds[id];
  const due = state.refundFailures[id];
  if (refund && due !== undefined && nowSeconds(ctx.db) >= due)
    events.push(...failRefund(state, refund, 'expired_or_canceled_card'));
  return refund;
}

/** Every refund whose failure is due, failed (the scheduler's tick). */
export function failDueRefunds(ctx: ApiContext, state: StripeState): PendingEvent[] {
  const events: PendingEvent[] = [];
  for (const id of Object.keys(state.refundFailures)) currentRefund(ctx, state, id, events);
  return events;
}

/** GET /v1/refunds: newest first, of one charge or PaymentIntent when asked, up to `limit`. */
export function listRefunds(
  ctx: ApiContext,
  state: StripeState,
  form: FormObject,
  path: string,
  events: PendingEvent[],
): unknown {
  // Each as it stands now: a refund due to fail fails on being listed, as on being read.
  const held = Object.keys(state.refunds)
    .map((id) => currentRefund(ctx, state, id, events))
    .filter((refund): refund is Refund => refund !== undefined);
  return listByCharge(held, form, path);
}
