// Stripe's webhook endpoint for the deposit (a Payment Link's Checkout Session). It verifies the
// Stripe-Signature header with the stripe package's own verification (SubtleCrypto under Deno),
// passes the session's fields as Stripe sent them (client_reference_id, amount_total, currency,
// mode, payment_status, payment id) to record_deposit_payment, which decides under the places
// lock whether this is the deposit and whether it may take a place, and sends the receipt once
// when the answer is 'paid'. Every other outcome (a replay, a mismatch recorded for the
// organiser, a cancelled registration, no place left) answers 200 with the outcome, so Stripe
// does not retry it; a bad signature, or an event without a data.object, answers 400. A paid
// deposit's answer names the registration's edition (id and year, from the database, whatever the
// session's metadata says), so the event's delivery log in Stripe's dashboard shows which rally
// the payment was for; the receipt states that edition's name and dates.
// Secrets: STRIPE_WEBHOOK_SECRET (the endpoint's whsec_…); STRIPE_SECRET_KEY is not needed to
// verify, the client only wants a string.
import Stripe from 'npm:stripe@17.7.0';
import { callRpc } from '../_shared/database.ts';
import { depositReceipt, editionOf, sendEmail } from '../_shared/email.ts';
import { json, Refusal, serve } from '../_shared/http.ts';

const stripe = new Stripe(Deno.env.get('STRIPE_SECRET_KEY') ?? 'sk_unused', {
  httpClient: Stripe.createFetchHttpClient(),
});
const cryptoProvider = Stripe.createSubtleCryptoProvider();

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);

// Stripe's events are a few kilobytes; its signature covers the body exactly as sent, so the body
// is taken as text, unparsed, and the limit is wider than the site's calls.
const EVENT_LIMIT = 512 * 1024;

async function handle(request: Request, body: string): Promise<Response> {
  const secret = Deno.env.get('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  const signature = request.headers.get('stripe-signature') ?? '';
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      body,
      signature,
      secret,
      undefined,
      cryptoProvider,
    );
  } catch (failure) {
    throw new Refusal(400, `Webhook signature verification failed: ${(failure as Error).message}`);
  }
  if (!HANDLED.has(event.type)) return json(200, { received: true, outcome: 'ignored' });

  // A signed event whose session is missing is Stripe's or a test's mistake, never a payment.
  const session: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof session !== 'object' || session === null || Array.isArray(session))
    throw new Refusal(400, 'The event has no data.object');
  const field = (name: string): string | null => {
    const value = (session as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  };
  const amountTotal = (session as Record<string, unknown>).amount_total;
  const paymentIntent = (session as Record<string, unknown>).payment_intent;
  const paymentId =
    typeof paymentIntent === 'string'
      ? paymentIntent
      : typeof paymentIntent === 'object' && paymentIntent !== null && 'id' in paymentIntent
        ? String(paymentIntent.id)
        : field('id');
  const reference = field('client_reference_id');
  // What Stripe said, as it said it: the database decides whether it is the deposit.
  const outcome = await callRpc<string>('record_deposit_payment', {
    event_id: event.id,
    event_type: event.type,
    reference,
    amount_total: Number.isSafeInteger(amountTotal) ? amountTotal : null,
    currency: field('currency'),
    mode: field('mode'),
    payment_status: field('payment_status'),
    payment_id: paymentId,
    paid_at: new Date(event.created * 1000).toISOString(),
  });
  let edition: { id: string; year: number } | undefined;
  if (outcome === 'paid') {
    const row = await callRpc<Record<string, unknown> | null>('claim_email', {
      kind: 'registration',
      row_id: reference,
      email: 'receipt',
    });
    if (row) {
      try {
        const { id, year } = editionOf(row);
        edition = { id, year };
        await sendEmail(await depositReceipt(row));
      } catch (failure) {
        console.error('Could not send the receipt', failure);
        await callRpc('claim_email', {
          kind: 'registration',
          row_id: reference,
          email: 'receipt',
          release: true,
        });
      }
    }
  }
  // 200 whatever the outcome: Stripe retries anything else for days, and a mismatch stays one.
  return json(200, { received: true, outcome, ...(edition && { edition }) });
}

Deno.serve(
  serve({ name: 'stripe-webhook', body: 'text', limit: EVENT_LIMIT }, ({ request, text }) =>
    handle(request, text),
  ),
);
