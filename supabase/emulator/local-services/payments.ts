// A signed, paid Checkout Session event as Stripe sends it, for the tests that forge, replay or
// alter one at the stripe-webhook function (tests/contract/hostile-payments.test.ts). The site's
// payments go through the checkout function and the Stripe stand-in's checkout page
// (supabase/emulator/stripe/), which sends its own events.
import { randomBytes } from 'node:crypto';
import { stripeSignature } from '../stripe/events';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export { stripeSignature };

/**
 * A completed, paid Checkout Session event for the registration, as Stripe sends it, for the
 * amount given and, in its metadata, the edition the Payment Link was for.
 */
export function checkoutCompletedEvent(
  reference: string,
  email: string,
  charge: { amount: number; edition?: { id: string; year: number } | null },
  now = Date.now(),
) {
  const { amount, edition } = charge;
  const created = Math.floor(now / 1000);
  return {
    id: id('evt_local'),
    object: 'event',
    api_version: '2024-06-20',
    created,
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: reference,
        customer_email: email || null,
        customer_details: { email: email || null },
        amount_total: amount,
        metadata: edition ? { edition_id: edition.id, edition_year: String(edition.year) } : {},
        currency: 'gbp',
        payment_intent: id('pi_test'),
        created,
      },
    },
  };
}
