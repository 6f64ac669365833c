// Stripe's webhook endpoint for the Checkout Sessions the checkout function creates (the deposit
// and the balance). It verifies the Stripe-Signature header with the stripe package's own
// verification (SubtleCrypto under Deno) and passes each checkout.session.completed,
// async_payment_succeeded and async_payment_failed event's session, as Stripe sent it, to
// record_checkout_payment: a deposit (metadata.kind absent or 'deposit') goes on to
// record_deposit_payment, which decides under the places lock whether this is the deposit and
// whether it may take a place; a balance is applied only for exactly what is owed, once per
// event id. Every outcome (a replay, a mismatch recorded for the organiser, a cancelled
// registration, no place left) answers 200 with the outcome, so Stripe does not retry it; a bad
// signature, or an event without a data.object, answers 400. Other events answer 200 'ignored'.
//
// charge.refunded (the charge, with its refunds when the endpoint expands data.object.refunds;
// without them they are listed from Stripe) and refund.updated (one refund) go to
// record_refund_event, once per event id: it matches each refund to the ledger row the refund
// function made, checks its amount and currency, and marks it succeeded or failed. When that
// completes the registration's refund, the team's refund email the database queued is sent.
//
// After a paid deposit the receipt is sent once (claim_email, as before) with a fresh link to the
// team's page, and the co-driver's copy (through the email log, with the co-driver's own link);
// its answer names the registration's edition (id and year, from the database,
// whatever the session's metadata says), so the event's delivery log in Stripe's dashboard shows
// which rally the payment was for. After a paid balance the receipt the database queued is sent
// through the participant-emails code (_shared/participant-emails.ts), not over HTTP; if that
// fails it stays queued for the daily job.
// Secrets: STRIPE_WEBHOOK_SECRET (the endpoint's whsec_…); STRIPE_SECRET_KEY is not needed to
// verify.
import { callRpc } from '../_shared/database.ts';
import { depositReceipt, editionOf, sendEmail } from '../_shared/email.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { issueTeamPage, sendCoDriverCopy, sendLoggedEmail } from '../_shared/participant-emails.ts';
import { cryptoProvider, Stripe, stripe } from '../_shared/stripe.ts';

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);
const REFUNDS = new Set(['charge.refunded', 'refund.updated']);

// Stripe's events are a few kilobytes; its signature covers the body exactly as sent, so the body
// is taken as text, unparsed, and the limit is wider than the site's calls.
const EVENT_LIMIT = 512 * 1024;

type Recorded = {
  outcome: string;
  kind: 'deposit' | 'balance';
  registration_id?: string | null;
  amount_pence?: number;
  email_id?: string | null;
};

/** Sends the deposit's receipt once (claim_email); answers the edition it was for. */
async function depositReceiptOnce(reference: string): Promise<{ id: string; year: number } | null> {
  const row = await callRpc<Record<string, unknown> | null>('claim_email', {
    kind: 'registration',
    row_id: reference,
    email: 'receipt',
  });
  if (!row) return null;
  try {
    const edition = editionOf(row);
    await sendEmail(await depositReceipt(row, await issueTeamPage(reference, edition.endDate)));
    await sendCoDriverCopy(reference, 'deposit_receipt');
    return { id: edition.id, year: edition.year };
  } catch (failure) {
    console.error('Could not send the receipt', failure);
    await callRpc('claim_email', {
      kind: 'registration',
      row_id: reference,
      email: 'receipt',
      release: true,
    });
    return null;
  }
}

type RecordedRefunds = {
  outcome: string;
  refunds?: { refund: string; outcome: string }[];
  email_ids?: string[];
};

/** The refunds an event is about: refund.updated's one, or charge.refunded's charge's. */
async function refundsOf(event: Stripe.Event, object: Record<string, unknown>): Promise<unknown[]> {
  if (event.type === 'refund.updated') return [object];
  const listed = (object.refunds as { data?: unknown } | null | undefined)?.data;
  if (Array.isArray(listed)) return listed;
  if (typeof object.id !== 'string') return [];
  const refunds = await stripe().refunds.list({ charge: object.id, limit: 100 });
  return refunds.data;
}

async function handleRefund(event: Stripe.Event, object: Record<string, unknown>) {
  const recorded = await callRpc<RecordedRefunds>('record_refund_event', {
    event_id: event.id,
    event_type: event.type,
    refunds: await refundsOf(event, object),
  });
  for (const id of recorded.email_ids ?? []) {
    try {
      await sendLoggedEmail(id);
    } catch (failure) {
      // The refund is recorded; the email stays in the log for the daily job.
      console.error('Could not send the refund email', failure);
    }
  }
  return json(200, { received: true, outcome: recorded.outcome, refunds: recorded.refunds ?? [] });
}

async function handle(request: Request, body: string): Promise<Response> {
  const secret = Deno.env.get('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  const signature = request.headers.get('stripe-signature') ?? '';
  let event: Stripe.Event;
  try {
    event = await stripe().webhooks.constructEventAsync(
      body,
      signature,
      secret,
      undefined,
      cryptoProvider,
    );
  } catch (failure) {
    throw new Refusal(400, `Webhook signature verification failed: ${(failure as Error).message}`);
  }
  if (!HANDLED.has(event.type) && !REFUNDS.has(event.type))
    return json(200, { received: true, outcome: 'ignored' });

  // A signed event whose session is missing is Stripe's or a test's mistake, never a payment.
  const session: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof session !== 'object' || session === null || Array.isArray(session))
    throw new Refusal(400, 'The event has no data.object');
  if (REFUNDS.has(event.type)) return handleRefund(event, session as Record<string, unknown>);
  const paidAt = new Date(event.created * 1000).toISOString();
  // What Stripe said, as it said it: the database decides what it is.
  const recorded = await callRpc<Recorded>('record_checkout_payment', {
    event_id: event.id,
    event_type: event.type,
    session,
    paid_at: paidAt,
  });
  const { outcome, kind, registration_id: registration } = recorded;
  let edition: { id: string; year: number } | null = null;
  if (outcome === 'paid' && kind === 'deposit' && registration)
    edition = await depositReceiptOnce(registration);
  if (outcome === 'paid' && kind === 'balance' && recorded.email_id) {
    const intent = (session as { payment_intent?: unknown }).payment_intent;
    try {
      await sendLoggedEmail(recorded.email_id, {
        amount: recorded.amount_pence ?? 0,
        currency: 'gbp',
        paidAt,
        paymentId: typeof intent === 'string' ? intent : '',
      });
    } catch (failure) {
      // The payment is recorded; the receipt stays in the log for the daily job.
      console.error('Could not send the balance receipt', failure);
    }
  }
  // 200 whatever the outcome: Stripe retries anything else for days, and a mismatch stays one.
  return json(200, { received: true, outcome, ...(edition && { edition }) });
}

serve({ name: 'stripe-webhook', body: 'text', limit: EVENT_LIMIT }, ({ request, text }) =>
  handle(request, text),
);
