// Pays back a cancelled registration's refund through Stripe's Refunds API. Administrators only.
//
// POST { registration: <uuid> } → { outcome: 'started' | 'pending', rows: [{ id, amount_pence,
//   currency, payment_intent_id, refund_id, status }] }
//   409 when nothing is to be refunded (not cancelled, nothing left, no balance paid through
//   Stripe: the admin marks such a refund by hand); 502 when Stripe refused a refund (the row is
//   failed and the refund is due again) or could not be reached (the row stays pending: the next
//   click sends the same request).
//
// begin_refund (service role) decides the amount under the places lock, never the browser: the
// refund due less what was refunded or is on its way, spread over the balance payments, one
// pending ledger row per payment. While rows are pending it answers the same rows, and each row's
// id is its refund's Idempotency-Key, so a double click (two calls at once) makes one refund at
// Stripe. The refunds are confirmed by Stripe's charge.refunded / refund.updated events
// (stripe-webhook), not by this answer: the rows stay pending until then.
import { callRpc } from '../_shared/database.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { Stripe, stripe } from '../_shared/stripe.ts';
import { isUuid } from '../_shared/validate.ts';

type Row = {
  id: string;
  amount_pence: number;
  currency: string;
  payment_intent_id: string;
  refund_id: string | null;
  status: string;
};

type Begun =
  | { outcome: 'started' | 'pending'; registration: string; edition: string; rows: Row[] }
  | { outcome: 'refused'; message: string };

/** Sends one row's refund; answers the row as it stands after Stripe's answer. */
async function send(row: Row, registration: string, edition: string): Promise<Row> {
  try {
    const refund = await stripe().refunds.create(
      {
        payment_intent: row.payment_intent_id,
        amount: row.amount_pence,
        reason: 'requested_by_customer',
        metadata: { registration, edition, ledger_row: row.id },
      },
      { idempotencyKey: row.id },
    );
    const status = await callRpc<string | null>('record_refund_request', {
      ledger_row: row.id,
      refund_id: refund.id,
    });
    return { ...row, refund_id: refund.id, status: status ?? row.status };
  } catch (failure) {
    // Stripe said no (4xx): that refund will not happen, so the row fails and the money is due
    // again. Anything else (no answer, 5xx, 409 while Stripe still works on the same key) may
    // have refunded: the row stays pending for the next click, which sends the same key.
    if (
      failure instanceof Stripe.errors.StripeError &&
      failure.statusCode !== undefined &&
      failure.statusCode >= 400 &&
      failure.statusCode < 500 &&
      failure.statusCode !== 409 &&
      failure.statusCode !== 429
    ) {
      await callRpc('record_refund_request', { ledger_row: row.id, refused: failure.message });
      throw new Refusal(502, `Stripe refused the refund: ${failure.message}`);
    }
    console.error('The refund could not be sent', failure);
    throw new Refusal(
      502,
      'Stripe could not be reached. The refund is waiting: press Refund again to send it.',
    );
  }
}

serve(
  {
    name: 'refund',
    callers: ['admin'],
    refused: 'Only an administrator may refund a registration',
    failure: 'The refund could not be sent. Please try again.',
  },
  async ({ body }) => {
    const registration = body.registration;
    if (typeof registration !== 'string' || !isUuid(registration))
      throw new Refusal(400, 'Expected { registration: <uuid> }', 'registration');
    const begun = await callRpc<Begun>('begin_refund', { registration });
    if (begun.outcome === 'refused') throw new Refusal(409, begun.message);
    const rows: Row[] = [];
    // One after another: each is its own request to Stripe, under its own key.
    for (const row of begun.rows) rows.push(await send(row, begun.registration, begun.edition));
    return json(200, { outcome: begun.outcome, rows });
  },
);
