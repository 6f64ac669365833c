// Starts a payment: a Stripe Checkout Session for what the database says is owed, never for an
// amount the browser sends. Anyone may call it; what opens a session is the registration's
// reference (the deposit, from the sign-up page) or the team page's secret (the balance).
//
// POST { kind: 'deposit', reference: <uuid> }   → { url }   (the edition's deposit)
// POST { kind: 'balance', secret: <the link's> } → { url }   (price + supplement − paid)
//   404 when the reference or secret opens nothing (a wrong, altered or expired secret alike);
//   409 when nothing is to be paid (cancelled, already paid, deposit not yet paid, nothing owed).
//
// checkout_amount (service role) computes the amount, edition and lead driver's address. The
// session carries the registration as client_reference_id and in its metadata and the payment's
// (registration_id, kind, edition_id, edition_year), which is how stripe-webhook's
// record_checkout_payment knows a balance from a deposit. Its Idempotency-Key is the kind, the
// registration, the amount, what was paid so far and the hour: a double click gets Stripe's first
// answer (one session), a payment after the first one was recorded is a new session, and the
// session lives until two to three hours after its hour, so the one a key gives back within that
// hour is never expired. Cards only (allowed_payment_method_types, whatever else the Dashboard
// turns on): a card payment is settled when the payer comes back, while a delayed method (Bacs
// Direct Debit, bank transfer) would settle days after the place's 5-minute hold lapsed.
import { callRpc } from '../_shared/database.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { stripe } from '../_shared/stripe.ts';
import { isUuid } from '../_shared/validate.ts';

type Kind = 'deposit' | 'balance';

type Due = {
  registration_id: string;
  edition_id: string;
  edition_year: number;
  edition_name: string;
  amount_pence: number;
  currency: string;
  email: string;
  kind: Kind;
};

const REFUSALS: Record<string, [number, string]> = {
  unknown: [404, 'We could not find that registration. Please check the link and try again.'],
  cancelled: [409, 'This registration has been cancelled, so there is nothing to pay.'],
  'already-paid': [409, 'The deposit for this registration has already been paid.'],
  'awaiting-deposit': [409, 'The deposit must be paid before the balance.'],
  'nothing-owed': [409, 'Nothing is owed on this registration.'],
};

const HOUR = 3_600_000;

const SITE = () => (Deno.env.get('SITE_URL') ?? 'http://localhost:5173').replace(/\/+$/, '');

/** The kind and the reference or secret, or a 400 saying what is expected. */
function parse(body: Record<string, unknown>): { kind: Kind; key: string } {
  if (body.kind === 'deposit' && typeof body.reference === 'string' && isUuid(body.reference))
    return { kind: 'deposit', key: body.reference };
  // A secret is 43 characters; anything much longer is not one, and is not sent on.
  if (body.kind === 'balance' && typeof body.secret === 'string' && body.secret.length <= 100)
    return { kind: 'balance', key: body.secret };
  throw new Refusal(
    400,
    'Expected { kind: "deposit", reference: <uuid> } or { kind: "balance", secret: <link secret> }',
  );
}

/** Where Stripe sends the payer back: the deposit's /payment-success, the balance's team page. */
function returnUrls(kind: Kind, key: string, reference: string) {
  if (kind === 'deposit')
    return {
      success_url: `${SITE()}/payment-success?ref=${reference}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE()}/sign-up`,
    };
  const page = `${SITE()}/my-registration/${encodeURIComponent(key)}`;
  return { success_url: `${page}?paid=balance`, cancel_url: page };
}

async function paidSoFar(registration: string): Promise<number> {
  const money = await callRpc<{ paid_pence?: number } | null>('registration_money', {
    registration,
  });
  return money?.paid_pence ?? 0;
}

serve(
  { name: 'checkout', failure: 'The payment could not be started. Please try again.' },
  async ({ body }) => {
    const { kind, key } = parse(body);
    const due = await callRpc<Due | { refused: string }>('checkout_amount', {
      kind,
      reference: key,
    });
    if ('refused' in due) {
      const [status, message] = REFUSALS[due.refused] ?? [409, 'There is nothing to pay.'];
      throw new Refusal(status, message);
    }
    const metadata = {
      registration_id: due.registration_id,
      kind,
      edition_id: due.edition_id,
      edition_year: String(due.edition_year),
    };
    const paid = await paidSoFar(due.registration_id);
    const hour = Math.floor(Date.now() / HOUR);
    const session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: due.currency,
              unit_amount: due.amount_pence,
              product_data: { name: `${due.edition_name} – ${kind}` },
            },
          },
        ],
        allowed_payment_method_types: ['card'],
        client_reference_id: due.registration_id,
        customer_email: due.email,
        metadata,
        payment_intent_data: { metadata },
        // From the key's hour, so a repeat within it asks exactly the same (Stripe refuses a
        // key reused with other parameters): two to three hours ahead.
        expires_at: ((hour + 3) * HOUR) / 1000,
        ...returnUrls(kind, key, due.registration_id),
      },
      {
        idempotencyKey: `${kind}:${due.registration_id}:${due.amount_pence}:${paid}:${hour}`,
      },
    );
    if (!session.url) throw new Error(`Stripe gave session ${session.id} no url`);
    return json(200, { url: session.url });
  },
);
