// Stripe's webhook endpoint for the deposit (a Payment Link's Checkout Session). It verifies the
// Stripe-Signature header with the stripe package's own verification (SubtleCrypto under Deno),
// marks the registration whose reference is the session's client_reference_id paid (amount,
// currency, time, payment id) once, and sends the receipt once. A replayed event, or a second
// event for a registration already paid, changes nothing; a bad signature answers 400.
// Secrets: STRIPE_WEBHOOK_SECRET (the endpoint's whsec_…); STRIPE_SECRET_KEY is not needed to
// verify, the client only wants a string.
import Stripe from 'npm:stripe@17.7.0';
import { callRpc } from '../_shared/database.ts';
import { depositReceipt, sendEmail } from '../_shared/email.ts';

const stripe = new Stripe(Deno.env.get('STRIPE_SECRET_KEY') ?? 'sk_unused', {
  httpClient: Stripe.createFetchHttpClient(),
});
const cryptoProvider = Stripe.createSubtleCryptoProvider();

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);

const answer = (status: number, body: unknown) => Response.json(body, { status });

Deno.serve(async (req) => {
  if (req.method !== 'POST') return answer(405, { error: 'Use POST' });
  const secret = Deno.env.get('STRIPE_WEBHOOK_SECRET');
  if (!secret) return answer(500, { error: 'STRIPE_WEBHOOK_SECRET is not set' });
  const signature = req.headers.get('stripe-signature') ?? '';
  const body = await req.text();
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
    return answer(400, {
      error: `Webhook signature verification failed: ${(failure as Error).message}`,
    });
  }
  if (!HANDLED.has(event.type)) return answer(200, { received: true, outcome: 'ignored' });

  const session = event.data.object as Stripe.Checkout.Session;
  // A completed session whose payment is still on its way (bank debits) waits for the async event.
  if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid')
    return answer(200, { received: true, outcome: 'awaiting-payment' });
  const paymentId =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? session.id);
  const outcome = await callRpc<string>('record_deposit_payment', {
    event_id: event.id,
    event_type: event.type,
    reference: session.client_reference_id ?? '',
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'gbp',
    payment_id: paymentId,
    paid_at: new Date(event.created * 1000).toISOString(),
  });
  if (outcome === 'paid') {
    const row = await callRpc<Record<string, unknown> | null>('claim_email', {
      kind: 'registration',
      row_id: session.client_reference_id,
      email: 'receipt',
    });
    if (row) {
      try {
        await sendEmail(depositReceipt(row));
      } catch (failure) {
        console.error('Could not send the receipt', failure);
        await callRpc('claim_email', {
          kind: 'registration',
          row_id: session.client_reference_id,
          email: 'receipt',
          release: true,
        });
      }
    }
  }
  return answer(200, { received: true, outcome });
});
