// Paying a Checkout Session on the stand-in's test-mode page, as a card payment on Stripe's
// hosted page goes, with the card number the payer typed (cards.ts). The first attempt makes the
// session's PaymentIntent (payment_intent.created). A declined card makes a failed Charge
// (charge.failed, payment_intent.payment_failed) and leaves the session open and unpaid, to be
// paid with another card. A card that succeeds makes a Charge for exactly the session's amount
// (charge.succeeded, payment_intent.succeeded) and completes the session
// (checkout.session.completed), whose delivery to the project's endpoint the page waits for
// before sending the visitor back. Then 4000 0000 0000 0259 is disputed (disputes.ts), and a
// charge paid with 4000 0000 0000 5126 is marked for its refunds to fail (refunds.ts). A number
// that is not a card is refused with Checkout's message, and nothing is made or sent. A session
// pays once: paying it again changes nothing and sends nothing; an expired one cannot be paid.
import type { ApiContext } from '../types';
import { cardOutcome } from './cards';
import { openDispute } from './disputes';
import { pendingEvent, sendEvents, type PendingEvent } from './events';
import {
  charge as newCharge,
  paymentIntent,
  type CardError,
  type CheckoutSession,
} from './objects';
import { currentSession } from './sessions';
import { nowSeconds, saveStripeState, stripeState, type Delivery } from './store';

export type PayOutcome =
  | { outcome: 'paid'; session: CheckoutSession; deliveries: Delivery[]; eventId: string }
  | { outcome: 'declined'; session: CheckoutSession; error: CardError }
  | { outcome: 'invalid'; session: CheckoutSession; message: string }
  | { outcome: 'already paid'; session: CheckoutSession }
  | { outcome: 'expired'; session: CheckoutSession }
  | { outcome: 'unknown' };

/** Keeps the store and sends what happened, in order (the session's expiry, say). */
function send(ctx: ApiContext, events: PendingEvent[]) {
  saveStripeState(ctx.db, ctx.config);
  return sendEvents(ctx.db, ctx.config, events);
}

export async function payCheckoutSession(
  ctx: ApiContext,
  id: string,
  cardNumber: string,
): Promise<PayOutcome> {
  const state = stripeState(ctx.db, ctx.config);
  const events: PendingEvent[] = [];
  // Everything up to the events is synchronous: a second Pay arriving meanwhile sees it complete.
  const session = currentSession(ctx, state, id, events);
  if (!session) return { outcome: 'unknown' };
  if (session.status === 'expired') {
    send(ctx, events);
    return { outcome: 'expired', session };
  }
  if (session.status === 'complete') return { outcome: 'already paid', session };
  const card = cardOutcome(cardNumber);
  if (card.kind === 'invalid') return { outcome: 'invalid', session, message: card.message };

  const created = nowSeconds(ctx.db);
  const metadata = state.intentMetadata[id] ?? {};
  let intent = session.payment_intent ? state.paymentIntents[session.payment_intent] : undefined;
  if (!intent) {
    intent = paymentIntent({
      amount: session.amount_total,
      currency: session.currency,
      created,
      metadata,
    });
    state.paymentIntents[intent.id] = intent;
    session.payment_intent = intent.id;
    events.push(pendingEvent('payment_intent.created', intent));
  }
  const error = card.kind === 'declined' ? card.error : null;
  const charge = newCharge({
    amount: session.amount_total,
    billing_details: { email: session.customer_email, name: null },
    card: card.card,
    created,
    currency: session.currency,
    error,
    metadata,
    payment_intent: intent.id,
  });
  state.charges[charge.id] = charge;
  intent.latest_charge = charge.id;
  intent.payment_method = charge.payment_method;

  if (error) {
    intent.last_payment_error = {
      ...error,
      charge: charge.id,
      payment_method: charge.payment_method,
    };
    events.push(
      pendingEvent('charge.failed', charge),
      pendingEvent('payment_intent.payment_failed', intent),
    );
    send(ctx, events);
    return { outcome: 'declined', session, error };
  }

  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
  session.status = 'complete';
  session.payment_status = 'paid';
  session.customer_details = { email: session.customer_email, name: null };
  session.url = null;
  events.push(
    pendingEvent('charge.succeeded', charge),
    pendingEvent('payment_intent.succeeded', intent),
  );
  const completed = events.push(pendingEvent('checkout.session.completed', session)) - 1;
  if (card.kind === 'disputed') events.push(...openDispute(ctx, state, charge));
  if (card.kind === 'refund fails') state.refundFailingCharges[charge.id] = true;
  const sent = send(ctx, events)[completed];
  if (!sent) throw new Error('checkout.session.completed was not sent');
  return {
    outcome: 'paid',
    session,
    deliveries: await sent.delivered,
    eventId: sent.event.id,
  };
}

/** Where Stripe sends the payer after paying: success_url with the session's id filled in. */
export function successRedirect(session: CheckoutSession): string {
  return session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id);
}
