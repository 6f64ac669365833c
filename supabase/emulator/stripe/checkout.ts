// Paying a Checkout Session on the stand-in's test-mode page, as a card payment on Stripe's hosted
// page does: the open session becomes complete and paid, with a PaymentIntent (pi_…) and its
// Charge (ch_…, which refunds are made against) for exactly the session's amount, and a
// checkout.session.completed event is sent to the webhook endpoints before the visitor is sent
// back. A session pays once: paying it again changes nothing and sends nothing.
import type { ApiContext } from '../types';
import { deliverEvent, recordEvent } from './events';
import { currentSession } from './api';
import {
  nowSeconds,
  saveStripeState,
  stripeId,
  stripeState,
  type CheckoutSession,
  type Delivery,
} from './store';

export type PayOutcome =
  | { outcome: 'paid'; session: CheckoutSession; deliveries: Delivery[]; eventId: string }
  | { outcome: 'already paid'; session: CheckoutSession }
  | { outcome: 'expired'; session: CheckoutSession }
  | { outcome: 'unknown' };

export async function payCheckoutSession(ctx: ApiContext, id: string): Promise<PayOutcome> {
  const state = stripeState(ctx.db, ctx.config);
  const session = currentSession(state, id);
  if (!session) return { outcome: 'unknown' };
  if (session.status === 'expired') return { outcome: 'expired', session };
  if (session.status === 'complete') return { outcome: 'already paid', session };
  // Everything up to the event is synchronous: a second Pay arriving meanwhile sees it complete.
  const created = nowSeconds();
  const metadata = state.intentMetadata[id] ?? {};
  const intentId = stripeId('pi');
  const chargeId = stripeId('ch');
  state.paymentIntents[intentId] = {
    id: intentId,
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    created,
    latest_charge: chargeId,
    livemode: false,
    metadata,
    status: 'succeeded',
  };
  state.charges[chargeId] = {
    id: chargeId,
    object: 'charge',
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: 0,
    captured: true,
    created,
    currency: session.currency,
    livemode: false,
    metadata,
    paid: true,
    payment_intent: intentId,
    refunded: false,
    status: 'succeeded',
  };
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = intentId;
  session.customer_details = { email: session.customer_email };
  session.url = null;
  const event = recordEvent(ctx.db, ctx.config, 'checkout.session.completed', session);
  saveStripeState(ctx.db, ctx.config);
  const deliveries = await deliverEvent(ctx.db, ctx.config, event.id);
  return { outcome: 'paid', session, deliveries, eventId: event.id };
}

/** Where Stripe sends the payer after paying: success_url with the session's id filled in. */
export function successRedirect(session: CheckoutSession): string {
  return session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id);
}
