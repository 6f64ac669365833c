// Stripe events made by hand, for the tests that forge, replay or alter one at the stripe-webhook
// function (tests/contract/hostile-*.test.ts, organiser.test.ts, tests/e2e/organiser.spec.ts):
// built with the Stripe stand-in's own object builders and its one event builder
// (supabase/emulator/stripe/objects.ts, events.ts), so a forged event has exactly the shape and
// API version the stand-in sends, and signed as it signs them.
import {
  checkoutSession,
  refund,
  stripeEvent,
  stripeId,
  stripeSignature,
  type CheckoutSession,
  type Refund,
  type StripeEvent,
} from '../../supabase/emulator';

export { stripeSignature };

export type EventAbout<T> = StripeEvent & { data: { object: T } };

const seconds = (at: number) => Math.floor(at / 1000);

/**
 * A completed, paid Checkout Session event for the registration, as Stripe sends it, for the
 * amount given and, in its metadata, the edition the payment was for.
 */
export function checkoutCompletedEvent(
  reference: string,
  email: string,
  charge: { amount: number; edition?: { id: string; year: number } | null },
  now = Date.now(),
): EventAbout<CheckoutSession> {
  const created = seconds(now);
  const { amount, edition } = charge;
  const session = checkoutSession({
    amount_total: amount,
    client_reference_id: reference,
    created,
    customer_details: { email: email || null, name: null },
    customer_email: email || null,
    expires_at: created + 24 * 60 * 60,
    metadata: edition ? { edition_id: edition.id, edition_year: String(edition.year) } : {},
    payment_intent: stripeId('pi'),
    payment_status: 'paid',
    status: 'complete',
    success_url: 'http://127.0.0.1/payment-success?session_id={CHECKOUT_SESSION_ID}',
  });
  return stripeEvent('checkout.session.completed', session, {
    created,
  }) as EventAbout<CheckoutSession>;
}

/** A refund event (refund.updated unless told) about a card refund with the fields given. */
export function refundEvent(
  fields: Partial<Refund>,
  type = 'refund.updated',
  now = Date.now(),
): EventAbout<Refund> {
  const created = seconds(now);
  const made = refund({
    amount: 100,
    charge: stripeId('ch'),
    created,
    payment_intent: stripeId('pi'),
    ...fields,
  });
  return stripeEvent(type, made, { created }) as EventAbout<Refund>;
}
