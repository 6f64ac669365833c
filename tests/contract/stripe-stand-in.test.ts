// The emulator's local Stripe stand-in, spoken to by the REAL stripe package (23.x) pointed at it
// with host, port and protocol, as the Edge Functions point theirs through STRIPE_API_URL:
// Checkout Sessions created and retrieved, paid on the test-mode page over HTTP, the signed
// checkout.session.completed event accepted by stripe.webhooks.constructEvent (a capture server
// registered as a webhook endpoint, and the stripe-webhook function as it is), a stored event
// sent again, Idempotency-Key replay and conflict, refunds (partial, the rest, too large, twice
// with one key) with their charge.refunded (the charge and its refunds) / refund.updated events,
// a charge's refunds listed, a refund made to fail by the local control (refund.updated 'failed'),
// and Stripe's error answers
// (a bad key 401, an unknown session 404). Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  functionEnv,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from '../../supabase/emulator';
import { EDITION_DEFAULTS } from '../../src/config/site-defaults';
import { eventually, setupTestEmulator } from './harness';

const SITE_URL = 'http://127.0.0.1:4179';
const em = setupTestEmulator({ siteUrl: SITE_URL });

/** The client as a function builds it from STRIPE_API_URL and STRIPE_SECRET_KEY. */
function stripeClient(key = LOCAL_STRIPE_SECRET_KEY): Stripe {
  const api = new URL(functionEnv(em().emulator.config).STRIPE_API_URL ?? '');
  return new Stripe(key, {
    host: api.hostname,
    port: api.port,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

/** A webhook endpoint of the test's own: every event it receives, as received. */
interface Received {
  body: string;
  signature: string;
}
const received: Received[] = [];
let capture: http.Server;
let endpointSecret = '';

beforeAll(async () => {
  capture = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature'] ?? ''),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  const { port } = capture.address() as AddressInfo;
  const endpoint = await stripeClient().webhookEndpoints.create({
    url: `http://127.0.0.1:${port}/stripe-events`,
    enabled_events: ['*'],
  });
  endpointSecret = endpoint.secret ?? '';
});

afterAll(async () => {
  await new Promise((resolve) => capture.close(resolve));
});

/** The events the capture endpoint holds, verified as a function verifies them. */
function capturedEvents(secret = endpointSecret): Stripe.Event[] {
  return received.map(({ body, signature }) =>
    stripeClient().webhooks.constructEvent(body, signature, secret),
  );
}

const SESSION = {
  mode: 'payment',
  line_items: [
    {
      price_data: {
        currency: 'gbp',
        unit_amount: 370_000,
        product_data: { name: 'Europe Rally 2026 – balance' },
      },
      quantity: 1,
    },
  ],
  customer_email: 'lead.driver@example.org',
  metadata: { registration_id: 'reg-1', kind: 'balance', edition_id: 'ed-2026' },
  payment_intent_data: { metadata: { registration_id: 'reg-1', kind: 'balance' } },
  success_url: `${SITE_URL}/my-registration?paid={CHECKOUT_SESSION_ID}`,
  cancel_url: `${SITE_URL}/my-registration`,
} satisfies Stripe.Checkout.SessionCreateParams;

function session(
  changes: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return { ...SESSION, client_reference_id: randomUUID(), ...changes };
}

/** Pays on the test-mode page as a browser does: opens the session's url, submits its form. */
async function payOnPage(url: string): Promise<Response> {
  const pageHtml = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(pageHtml)?.[1];
  if (!action) throw new Error(`No Pay form on ${url}`);
  return fetch(new URL(action, url), { method: 'POST', redirect: 'manual' });
}

/** A paid session's PaymentIntent id, paid through the page. */
async function paidIntent(amount: number): Promise<string> {
  const created = await stripeClient().checkout.sessions.create(
    session({
      line_items: [
        {
          price_data: {
            currency: 'gbp',
            unit_amount: amount,
            product_data: { name: 'Refundable' },
          },
          quantity: 1,
        },
      ],
    }),
  );
  expect((await payOnPage(created.url ?? '')).status).toBe(303);
  const paid = await stripeClient().checkout.sessions.retrieve(created.id);
  return String(paid.payment_intent);
}

async function stripeFailure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('The call succeeded');
}

describe('Checkout Sessions', () => {
  it('creates an open, unpaid session for the amount asked, with its page, and retrieves it', async () => {
    const asked = session();
    const created = await stripeClient().checkout.sessions.create(asked);
    expect(created).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 370_000,
      currency: 'gbp',
      livemode: false,
      client_reference_id: asked.client_reference_id,
      customer_email: 'lead.driver@example.org',
      metadata: { registration_id: 'reg-1', kind: 'balance', edition_id: 'ed-2026' },
      payment_intent: null,
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${em().url}/local/checkout/${created.id}`);
    const inAnHour = Date.now() / 1000 + 3600;
    expect(created.expires_at).toBeGreaterThan(inAnHour);

    expect(await stripeClient().checkout.sessions.retrieve(created.id)).toEqual(created);
    const items = await stripeClient().checkout.sessions.listLineItems(created.id);
    expect(items.data).toMatchObject([
      { description: 'Europe Rally 2026 – balance', quantity: 1, amount_total: 370_000 },
    ]);

    // The page states the session's amount; nothing in the address changes it.
    const page = await (await fetch(`${created.url}?amount=1&unit_amount=1`)).text();
    expect(page).toContain('Europe Rally 2026 – balance');
    expect(page).toContain('Pay £3,700.00 (test mode)');
    expect(page).not.toContain('£0.01');
    expect(page).toContain(`href="${SITE_URL}/my-registration"`);
  });

  it('refuses what Stripe refuses, naming the param, in its error shape', async () => {
    const missing = await stripeFailure(
      stripeClient().checkout.sessions.create({ ...session(), line_items: undefined }),
    );
    expect(missing).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });
    const unknown = await stripeFailure(
      stripeClient().checkout.sessions.create({ ...session(), ...{ amount: 100 } } as never),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'amount' });
    const soon = await stripeFailure(
      stripeClient().checkout.sessions.create(
        session({ expires_at: Math.floor(Date.now() / 1000) + 60 }),
      ),
    );
    expect(soon).toMatchObject({ statusCode: 400, param: 'expires_at' });
  });

  it("answers 404 resource_missing in Stripe's shape for an unknown session, and for its page", async () => {
    const failure = await stripeFailure(stripeClient().checkout.sessions.retrieve('cs_test_nope'));
    expect(failure).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'session',
      message: "No such checkout.session: 'cs_test_nope'",
    });
    const raw = await fetch(`${em().url}/v1/checkout/sessions/cs_test_nope`, {
      headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such checkout.session: 'cs_test_nope'",
        param: 'session',
      },
    });
    expect((await fetch(`${em().url}/local/checkout/cs_test_nope`)).status).toBe(404);
  });

  it('refuses a wrong key, a live key and no key with 401', async () => {
    const wrong = await stripeFailure(
      stripeClient('sk_test_not_the_local_key').checkout.sessions.create(session()),
    );
    expect(wrong).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    expect(wrong.message).toContain('Invalid API Key provided');
    const live = await stripeFailure(
      stripeClient('sk_live_somebody_real').checkout.sessions.retrieve('cs_test_x'),
    );
    expect(live).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const none = await fetch(`${em().url}/v1/checkout/sessions/cs_test_x`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('paying on the test-mode page', { timeout: 60_000 }, () => {
  it('completes the session behind a PaymentIntent and Charge, sends the signed event, and redirects to success_url', async () => {
    const asked = session();
    const created = await stripeClient().checkout.sessions.create(asked);
    const before = received.length;
    const paid = await payOnPage(created.url ?? '');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE_URL}/my-registration?paid=${created.id}`);

    const after = await stripeClient().checkout.sessions.retrieve(created.id, {
      expand: ['payment_intent.latest_charge'],
    });
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = after.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 370_000,
      amount_received: 370_000,
      currency: 'gbp',
      metadata: { registration_id: 'reg-1', kind: 'balance' },
    });
    expect(intent.id).toMatch(/^pi_/);
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', amount: 370_000, amount_refunded: 0 });
    expect(charge.id).toMatch(/^ch_/);

    // The event reached the capture endpoint signed with its secret, and the stripe package
    // accepts it; with another secret it does not.
    const events = capturedEvents().slice(before);
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed']);
    const [event] = events;
    expect(event?.id).toMatch(/^evt_/);
    expect(event?.livemode).toBe(false);
    expect(event?.data.object).toMatchObject({
      id: created.id,
      object: 'checkout.session',
      client_reference_id: asked.client_reference_id,
      amount_total: 370_000,
      currency: 'gbp',
      payment_status: 'paid',
      payment_intent: intent.id,
      metadata: { registration_id: 'reg-1', kind: 'balance', edition_id: 'ed-2026' },
    });
    const last = received[received.length - 1];
    expect(() =>
      stripeClient().webhooks.constructEvent(
        last?.body ?? '',
        last?.signature ?? '',
        'whsec_other',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    // Paying again changes nothing and sends nothing.
    const again = await fetch(`${created.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(received.length).toBe(before + 1);
    const page = await (await fetch(created.url ?? '')).text();
    expect(page).toContain('This payment is complete.');
  });

  it('delivers to the stripe-webhook function as it is, which verifies the signature and records a deposit', async () => {
    const { data: reference, error } = await em().anon.rpc('submit_registration', {
      lead_driver_name: 'Session Payer',
      lead_driver_email: 'session.payer@example.org',
      lead_driver_phone: '07700 900123',
      accept_terms: true,
    });
    expect(error).toBeNull();
    const created = await stripeClient().checkout.sessions.create(
      session({
        client_reference_id: String(reference),
        // The webhook reads the kind from the metadata, as the checkout function writes it.
        metadata: { registration_id: String(reference), kind: 'deposit' },
        payment_intent_data: { metadata: { registration_id: String(reference), kind: 'deposit' } },
        line_items: [
          {
            price_data: {
              currency: 'gbp',
              unit_amount: EDITION_DEFAULTS.deposit,
              product_data: { name: 'Europe Rally 2026 – deposit' },
            },
            quantity: 1,
          },
        ],
      }),
    );
    expect((await payOnPage(created.url ?? '')).status).toBe(303);
    const listed = await fetch(`${em().url}/local/stripe/events`, {
      headers: { apikey: em().serviceKey },
    });
    const [latest] = (await listed.json()) as {
      data: { object: { id: string } };
      deliveries: { endpoint: string; status: number }[];
    }[];
    expect(latest?.data.object.id).toBe(created.id);
    expect(latest?.deliveries[0]).toMatchObject({
      endpoint: `${em().url}/functions/v1/stripe-webhook`,
      status: 200,
    });
    expect(functionEnv(em().emulator.config).STRIPE_WEBHOOK_SECRET).toBe(
      LOCAL_STRIPE_WEBHOOK_SECRET,
    );
    const status = await em().anon.rpc('deposit_status', { reference: String(reference) });
    expect(status.data).toBe('paid');
  });

  it('sends a stored event again, same id and body, newly signed, for the service key only', async () => {
    const created = await stripeClient().checkout.sessions.create(session());
    await payOnPage(created.url ?? '');
    const sent = capturedEvents().at(-1);
    expect(sent?.type).toBe('checkout.session.completed');
    const resendPath = `/local/stripe/events/${sent?.id}/resend`;
    const refused = await fetch(`${em().url}${resendPath}`, {
      method: 'POST',
      headers: { apikey: em().anonKey },
    });
    expect(refused.status).toBe(403);

    const before = received.length;
    const resent = await fetch(`${em().url}${resendPath}`, {
      method: 'POST',
      headers: { apikey: em().serviceKey },
    });
    expect(resent.status).toBe(200);
    expect(received.length).toBe(before + 1);
    const replayed = capturedEvents().at(-1);
    expect(replayed?.id).toBe(sent?.id);
    expect(replayed?.data.object).toEqual(sent?.data.object);
    const unknown = await fetch(`${em().url}/local/stripe/events/evt_nope/resend`, {
      method: 'POST',
      headers: { apikey: em().serviceKey },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same request under the same key with the first answer, once', async () => {
    const key = randomUUID();
    const asked = session();
    const first = await stripeClient().checkout.sessions.create(asked, { idempotencyKey: key });
    const second = await stripeClient().checkout.sessions.create(asked, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses another request under a used key with 400 idempotency_error', async () => {
    const key = randomUUID();
    await stripeClient().checkout.sessions.create(session(), { idempotencyKey: key });
    const conflict = await stripeFailure(
      stripeClient().checkout.sessions.create(session(), { idempotencyKey: key }),
    );
    expect(conflict).toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
      rawType: 'idempotency_error',
    });
  });
});

describe('Refunds', { timeout: 60_000 }, () => {
  it('refunds part, then the rest; never more than the charge; then charge_already_refunded', async () => {
    const intent = await paidIntent(10_000);
    const before = received.length;
    const part = await stripeClient().refunds.create({
      payment_intent: intent,
      amount: 2_500,
      reason: 'requested_by_customer',
      metadata: { registration_id: 'reg-1', kind: 'refund' },
    });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2_500,
      status: 'succeeded',
      payment_intent: intent,
      currency: 'gbp',
      metadata: { registration_id: 'reg-1', kind: 'refund' },
    });
    expect(part.id).toMatch(/^re_/);
    expect(await stripeClient().refunds.retrieve(part.id)).toEqual(
      expect.objectContaining({ id: part.id, amount: 2_500 }),
    );

    const tooMuch = await stripeFailure(
      stripeClient().refunds.create({ payment_intent: intent, amount: 7_501 }),
    );
    expect(tooMuch).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
    });
    expect(tooMuch.message).toBe(
      'Refund amount (£75.01) is greater than unrefunded amount on charge (£75.00)',
    );

    const rest = await stripeClient().refunds.create({ charge: part.charge as string });
    expect(rest.amount).toBe(7_500);
    const charge = await stripeClient().charges.retrieve(part.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });

    const twice = await stripeFailure(stripeClient().refunds.create({ payment_intent: intent }));
    expect(twice).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

    // Each refund sends charge.refunded then refund.updated, signed, after its answer.
    await eventually(async () => received.length, before + 4);
    const events = capturedEvents().slice(before);
    expect(events.map((event) => event.type)).toEqual([
      'charge.refunded',
      'refund.updated',
      'charge.refunded',
      'refund.updated',
    ]);
    expect(events[0]?.data.object).toMatchObject({ id: part.charge, amount_refunded: 2_500 });
    expect(events[1]?.data.object).toMatchObject({ id: part.id, status: 'succeeded' });
    expect(events[2]?.data.object).toMatchObject({ amount_refunded: 10_000, refunded: true });
  });

  it('refunds once for two calls with one key (a double click)', async () => {
    const intent = await paidIntent(5_000);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      stripeClient().refunds.create(
        { payment_intent: intent, amount: 1_000 },
        { idempotencyKey: key },
      ),
      stripeClient().refunds.create(
        { payment_intent: intent, amount: 1_000 },
        { idempotencyKey: key },
      ),
    ]);
    expect(second.id).toBe(first.id);
    const charge = await stripeClient().charges.retrieve(String(first.charge));
    expect(charge.amount_refunded).toBe(1_000);
    const other = await stripeFailure(
      stripeClient().refunds.create(
        { payment_intent: intent, amount: 2_000 },
        { idempotencyKey: key },
      ),
    );
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it("lists a charge's refunds, in charge.refunded too, and a refund made to fail sends refund.updated 'failed'", async () => {
    const intent = await paidIntent(8_000);
    const first = await stripeClient().refunds.create({ payment_intent: intent, amount: 3_000 });
    const second = await stripeClient().refunds.create({ payment_intent: intent, amount: 2_000 });
    const listed = await stripeClient().refunds.list({ charge: String(first.charge) });
    expect(listed.data.map((refund) => refund.id)).toEqual([second.id, first.id]);
    expect((await stripeClient().refunds.list({ payment_intent: intent, limit: 1 })).has_more).toBe(
      true,
    );
    const refundedBoth = () =>
      capturedEvents().filter(
        (event) =>
          event.type === 'charge.refunded' &&
          (event.data.object as Stripe.Charge).amount_refunded === 5_000,
      );
    await eventually(async () => refundedBoth().length, 1);
    const refundedEvent = refundedBoth()[0];
    const charge = refundedEvent?.data.object as Stripe.Charge;
    expect(charge.refunds?.data.map((refund) => [refund.id, refund.amount])).toEqual([
      [second.id, 2_000],
      [first.id, 3_000],
    ]);

    const failPath = `${em().url}/local/stripe/refunds/${first.id}/fail`;
    const refused = await fetch(failPath, { method: 'POST', headers: { apikey: em().anonKey } });
    expect(refused.status).toBe(403);
    const failed = await fetch(failPath, {
      method: 'POST',
      headers: { apikey: em().serviceKey, 'content-type': 'application/json' },
      body: JSON.stringify({ failure_reason: 'lost_or_stolen_card' }),
    });
    expect(failed.status).toBe(200);
    const failures = () =>
      capturedEvents().filter(
        (event) =>
          event.type === 'refund.updated' &&
          (event.data.object as Stripe.Refund).id === first.id &&
          (event.data.object as Stripe.Refund).status === 'failed',
      );
    await eventually(async () => failures().length, 1);
    expect(failures()[0]?.data.object).toMatchObject({
      id: first.id,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    expect(await stripeClient().refunds.retrieve(first.id)).toMatchObject({ status: 'failed' });
    // The failed amount is back on the charge, to be refunded again.
    expect((await stripeClient().charges.retrieve(String(first.charge))).amount_refunded).toBe(
      2_000,
    );
    const again = await fetch(failPath, { method: 'POST', headers: { apikey: em().serviceKey } });
    expect(again.status).toBe(404);
  });

  it('answers 404 for an unknown PaymentIntent and refund', async () => {
    const intent = await stripeFailure(
      stripeClient().refunds.create({ payment_intent: 'pi_nope' }),
    );
    expect(intent).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    const refund = await stripeFailure(stripeClient().refunds.retrieve('re_nope'));
    expect(refund).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
