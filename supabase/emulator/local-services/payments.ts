// The test-mode deposit payment, as a Stripe Payment Link behaves: the site sends the visitor to
// the link with `client_reference_id` (the registration's reference) and `prefilled_email`; on
// "Pay" this completes a Checkout Session by posting a `checkout.session.completed` event to the
// stripe-webhook Edge Function, signed exactly as Stripe signs (Stripe-Signature: t=<time>,
// v1=HMAC-SHA256 of "<time>.<payload>" with the endpoint's secret), then sends the visitor to the
// site's /payment-success?ref=<reference>, as a link's after-payment redirect does. It charges the
// deposit of the registration's edition (public.editions), as the organiser's live Payment Link is
// priced to match it (the database refuses any other amount as the deposit), and the session
// carries that edition in its metadata (edition_id, edition_year), as each edition's Payment
// Link does (README, "Payments"). The amount is only ever the database's: nothing here states it.
import { randomBytes } from 'node:crypto';
import { isUuid } from '../../../src/lib/uuid';
import { functionEnv } from '../functions/deno';
import { stripeSignature } from '../stripe/events';
import type { Db, EmulatorConfig } from '../types';

/** A deposit to pay: the amount in pence and the edition it is for. */
export type DepositCharge = { amount: number; edition: { id: string; year: number; name: string } };

/**
 * The deposit the database expects: the registration's edition's, or the current edition's for
 * a reference it does not know. Null when there is no edition to pay for.
 */
export async function depositCharge(
  db: Db,
  reference: string | null = null,
): Promise<DepositCharge | null> {
  const { rows } = await db.query<{ id: string; year: number; name: string; deposit: number }>(
    `select e.id, e.year, e.name, e.deposit from public.editions as e
     where e.id = coalesce(
       (select r.edition_id from public.registrations as r where r.id = $1::uuid),
       (select c.id from public.editions as c where c.is_current))`,
    [reference && isReference(reference) ? reference : null],
  );
  const row = rows[0];
  return row
    ? { amount: row.deposit, edition: { id: row.id, year: row.year, name: row.name } }
    : null;
}

/** A registration's reference (its id) as the payment link carries it. */
export function isReference(value: string | null | undefined): value is string {
  return typeof value === 'string' && isUuid(value);
}

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

/** Posts the signed event to the project's stripe-webhook function; answers its status. */
export async function completePayment(
  config: EmulatorConfig,
  reference: string,
  email: string,
  charge: DepositCharge,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(checkoutCompletedEvent(reference, email, charge));
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
