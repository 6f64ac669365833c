// The test-mode deposit payment, as a Stripe Payment Link behaves: the site sends the visitor to
// the link with `client_reference_id` (the registration's reference) and `prefilled_email`; on
// "Pay" this completes a Checkout Session by posting a `checkout.session.completed` event to the
// stripe-webhook Edge Function, signed exactly as Stripe signs (Stripe-Signature: t=<time>,
// v1=HMAC-SHA256 of "<time>.<payload>" with the endpoint's secret), then sends the visitor to the
// site's /payment-success?ref=<reference>, as a link's after-payment redirect does. It charges the
// deposit of the registration's edition (public.editions), as the organiser's live Payment Link is
// priced to match it (the database refuses any other amount as the deposit).
import { createHmac, randomBytes } from 'node:crypto';
import { isUuid } from '../../../src/lib/uuid';
import { functionEnv } from '../functions/deno';
import type { Db, EmulatorConfig } from '../types';

/** The seed's deposit in the currency's minor unit (£250), as a Payment Link's price holds it. */
export const DEPOSIT_PENCE = 25_000;

/**
 * The deposit the database expects, in pence: the registration's edition's, or the current
 * edition's for a reference it does not know.
 */
export async function depositPence(db: Db, reference: string | null = null): Promise<number> {
  const { rows } = await db.query<{ deposit: number }>(
    `select coalesce(
       (select e.deposit from public.registrations as r
        join public.editions as e on e.id = r.edition_id where r.id = $1::uuid),
       (select deposit from public.editions where is_current)) as deposit`,
    [reference && isReference(reference) ? reference : null],
  );
  return rows[0]?.deposit ?? DEPOSIT_PENCE;
}

/** A registration's reference (its id) as the payment link carries it. */
export function isReference(value: string | null | undefined): value is string {
  return typeof value === 'string' && isUuid(value);
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's Stripe-Signature header for a payload (what stripe's generateTestHeaderString makes). */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** A completed, paid Checkout Session event for the registration, as Stripe sends it. */
export function checkoutCompletedEvent(
  reference: string,
  email: string,
  now = Date.now(),
  amount = DEPOSIT_PENCE,
) {
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
        currency: 'gbp',
        payment_intent: id('pi_test'),
        created,
      },
    },
  };
}

/** Posts the signed event to the project's stripe-webhook function; answers its status. */
export async function completePayment(
  config: EmulatorConfig,
  reference: string,
  email: string,
  amount: number,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(checkoutCompletedEvent(reference, email, Date.now(), amount));
  const secret = functionEnv(config).STRIPE_WEBHOOK_SECRET ?? '';
  const response = await fetch(`${config.publicUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, secret, Math.floor(Date.now() / 1000)),
    },
    body: payload,
  });
  return { status: response.status, body: await response.text() };
}
