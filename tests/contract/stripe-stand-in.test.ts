// The emulator's local Stripe stand-in, spoken to by the REAL stripe package (23.x) pointed at it
// with host, port and protocol, as the Edge Functions point theirs through STRIPE_API_URL: the one
// API version (the functions' pin is the package's own, and the stand-in refuses another);
// Checkout Sessions created (cards only: payment_method_types is gone in this version,
// allowed_payment_method_types filters), retrieved, expired by the expire endpoint and by the
// emulator's clock (read, paid, or at the scheduler's tick), an expired one unpayable; the
// test-mode page with its "Card number" field, paid with Stripe's test cards (4242 pays, 0002 and
// its family are declined with Stripe's message and the session stays open, a mistyped number
// is refused, a live card is declined) and the events each sends, in order, signed and accepted
// by stripe.webhooks.constructEvent (a capture endpoint, and the stripe-webhook function as it
// is); a stored event sent again; Idempotency-Key replay, conflict and expiry after 24 hours;
// Stripe's error answers (a bad key 401, an unknown session 404). Refunds and disputes have
// their own files. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  STRIPE_API_VERSION,
  STRIPE_WEBHOOK_EVENTS,
} from '../../supabase/functions/_shared/stripe-endpoint';
import {
  functionEnv,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from '../../supabase/emulator';
import { EDITION_DEFAULTS } from '../../src/config/site-defaults';
import { setupTestEmulator } from './harness';
import {
  atLeast,
  sessionParams,
  stripeClient,
  stripeFailure,
  useCaptureEndpoint,
} from './stripe-support';
import { payOnPage } from './team-page-support';

const SITE_URL = 'http://127.0.0.1:4179';
const em = setupTestEmulator({ siteUrl: SITE_URL });
const stripe = (key?: string) => stripeClient(em(), key);
const session = (changes: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  sessionParams(SITE_URL, changes);

const captured = useCaptureEndpoint(em);
// Tests that move the emulator's clock put it back.
afterEach(() => em().emulator.setNow(null));

const HOUR = 3_600_000;
const seconds = (at: number) => Math.floor(at / 1000);

/** The events the capture endpoint received from `from` on, once at least `count` arrived. */
const eventsSince = async (from: number, count: number) =>
  (await atLeast(() => captured().events().slice(from), count)).slice(0, count);

/** The stand-in's events (service key), newest first, with each delivery. */
async function standInEvents(): Promise<
  (Stripe.Event & { deliveries: { endpoint: string; status: number }[] })[]
> {
  const listed = await fetch(`${em().url}/local/stripe/events`, {
    headers: { apikey: em().serviceKey },
  });
  return (await listed.json()) as never;
}

describe('one API version', () => {
  it("pins the version the stripe package was built for, and the stand-in's events carry it", async () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    const from = captured().received.length;
    const created = await stripe().checkout.sessions.create(session());
    await payOnPage(created.url ?? '');
    const events = await eventsSince(from, 4);
    expect(new Set(events.map((event) => event.api_version))).toEqual(
      new Set([STRIPE_API_VERSION]),
    );
  });

  it('refuses a request in another version, and an endpoint asking for one', async () => {
    const other = new Stripe(LOCAL_STRIPE_SECRET_KEY, {
      apiVersion: '2024-06-20' as never,
      host: new URL(em().url).hostname,
      port: new URL(em().url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const refused = await stripeFailure(other.checkout.sessions.create(session()));
    expect(refused).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    expect(refused.message).toContain(STRIPE_API_VERSION);
    const endpoint = await stripeFailure(
      stripe().webhookEndpoints.create({
        url: 'http://127.0.0.1:9/events',
        enabled_events: ['*'],
        api_version: '2024-06-20' as never,
      }),
    );
    expect(endpoint).toMatchObject({ statusCode: 400, param: 'api_version' });
  });
});

describe('Checkout Sessions', () => {
  it('creates an open, unpaid, card-only session for the amount asked, with its page, and retrieves it', async () => {
    const asked = session();
    const created = await stripe().checkout.sessions.create(asked);
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
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${em().url}/local/checkout/${created.id}`);
    // 24 hours unless asked, as Stripe's default.
    expect(created.expires_at - created.created).toBe(24 * 60 * 60);

    expect(await stripe().checkout.sessions.retrieve(created.id)).toEqual(created);
    const items = await stripe().checkout.sessions.listLineItems(created.id);
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
      stripe().checkout.sessions.create({ ...session(), line_items: undefined }),
    );
    expect(missing).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });
    const unknown = await stripeFailure(
      stripe().checkout.sessions.create({ ...session(), ...{ amount: 100 } } as never),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'amount' });
    const soon = await stripeFailure(
      stripe().checkout.sessions.create(session({ expires_at: seconds(Date.now()) + 29 * 60 })),
    );
    expect(soon).toMatchObject({ statusCode: 400, param: 'expires_at' });
    expect(soon.message).toContain('at least 30 minutes');
    const late = await stripeFailure(
      stripe().checkout.sessions.create(session({ expires_at: seconds(Date.now() + 25 * HOUR) })),
    );
    expect(late).toMatchObject({ statusCode: 400, param: 'expires_at' });
  });

  it('takes cards only: payment_method_types is gone in this API version, and a session that allows no card is refused', async () => {
    const removed = await stripeFailure(
      stripe().checkout.sessions.create({ ...session(), ...{ payment_method_types: ['card'] } }),
    );
    expect(removed).toMatchObject({
      statusCode: 400,
      code: 'payment_method_types_no_longer_supported',
      param: 'payment_method_types',
    });
    const noCard = await stripeFailure(
      stripe().checkout.sessions.create(
        session({ allowed_payment_method_types: ['bacs_debit', 'pay_by_bank'] }),
      ),
    );
    expect(noCard).toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
    // Without a filter the account's own methods are offered: cards.
    const open = await stripe().checkout.sessions.create(
      session({ allowed_payment_method_types: undefined }),
    );
    expect(open).toMatchObject({
      allowed_payment_method_types: null,
      payment_method_types: ['card'],
    });
  });

  it("answers 404 resource_missing in Stripe's shape for an unknown session, and for its page", async () => {
    const failure = await stripeFailure(stripe().checkout.sessions.retrieve('cs_test_nope'));
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
      stripe('sk_test_not_the_local_key').checkout.sessions.create(session()),
    );
    expect(wrong).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    expect(wrong.message).toContain('Invalid API Key provided');
    const live = await stripeFailure(
      stripe('sk_live_somebody_real').checkout.sessions.retrieve('cs_test_x'),
    );
    expect(live).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const none = await fetch(`${em().url}/v1/checkout/sessions/cs_test_x`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('a session expires', { timeout: 60_000 }, () => {
  it('by POST /v1/checkout/sessions/{id}/expire: open only, checkout.session.expired sent, the page cannot be paid', async () => {
    const created = await stripe().checkout.sessions.create(session());
    const from = captured().received.length;
    const expired = await stripe().checkout.sessions.expire(created.id);
    expect(expired).toMatchObject({ id: created.id, status: 'expired', url: null });
    const [event] = await eventsSince(from, 1);
    expect(event).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { id: created.id, status: 'expired', payment_status: 'unpaid' } },
    });

    const again = await stripeFailure(stripe().checkout.sessions.expire(created.id));
    expect(again).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    expect(again.message).toBe(
      "Only Checkout Sessions with a status in ['open'] can be expired. This Checkout Session has a status of expired.",
    );
    const unknown = await stripeFailure(stripe().checkout.sessions.expire('cs_test_nope'));
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const page = await fetch(created.url ?? '');
    expect(await page.text()).toContain('This checkout session has expired. Nothing was paid.');
    const paid = await fetch(`${created.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }),
    });
    expect(paid.status).toBe(410);
    expect(await paid.text()).not.toContain('card_number');
    expect((await stripe().checkout.sessions.retrieve(created.id)).payment_intent).toBeNull();
    // Nothing was sent after the expiry.
    expect(captured().received.length).toBe(from + 1);
  });

  it('a paid session cannot be expired', async () => {
    const created = await stripe().checkout.sessions.create(session());
    await payOnPage(created.url ?? '');
    const refused = await stripeFailure(stripe().checkout.sessions.expire(created.id));
    expect(refused.message).toContain('This Checkout Session has a status of complete.');
  });

  it("at expires_at by the emulator's clock, seen when it is read: expired, the event sent once", async () => {
    const start = Date.now();
    const created = await stripe().checkout.sessions.create(
      session({ expires_at: seconds(start + 31 * 60_000) }),
    );
    em().emulator.setNow(new Date(start + 30 * 60_000).toISOString());
    expect((await stripe().checkout.sessions.retrieve(created.id)).status).toBe('open');
    const from = captured().received.length;
    em().emulator.setNow(new Date(start + 32 * 60_000).toISOString());
    expect(await stripe().checkout.sessions.retrieve(created.id)).toMatchObject({
      status: 'expired',
      url: null,
    });
    expect((await stripe().checkout.sessions.retrieve(created.id)).status).toBe('expired');
    const events = await eventsSince(from, 1);
    expect(events.map((event) => [event.type, (event.data.object as { id: string }).id])).toEqual([
      ['checkout.session.expired', created.id],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(captured().received.length).toBe(from + 1);
  });

  it("at expires_at by the emulator's clock, seen when it is paid: refused (410), the event sent", async () => {
    const start = Date.now();
    const created = await stripe().checkout.sessions.create(
      session({ expires_at: seconds(start + 35 * 60_000) }),
    );
    const from = captured().received.length;
    em().emulator.setNow(new Date(start + 36 * 60_000).toISOString());
    const paid = await fetch(`${created.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }),
    });
    expect(paid.status).toBe(410);
    expect(await paid.text()).toContain('This checkout session has expired. Nothing was paid.');
    const [event] = await eventsSince(from, 1);
    expect(event).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { id: created.id, status: 'expired', payment_intent: null } },
    });
  });

  it("at expires_at by the emulator's clock, at the scheduler's tick, with nobody reading it; then its page says so", async () => {
    const start = Date.now();
    const created = await stripe().checkout.sessions.create(
      session({ expires_at: seconds(start + 40 * 60_000) }),
    );
    const from = captured().received.length;
    await em().emulator.runDueJobs(new Date(start + 41 * 60_000).toISOString());
    const [event] = await eventsSince(from, 1);
    expect(event).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { id: created.id, status: 'expired' } },
    });
    const paid = await payOnPage(created.url ?? '').catch((error: unknown) => error);
    // The expired page has no Pay form left.
    expect(String(paid)).toContain('No Pay form');
  });

  it('a payment tried and declined is canceled when its session expires', async () => {
    const created = await stripe().checkout.sessions.create(session());
    const from = captured().received.length;
    expect((await payOnPage(created.url ?? '', '4000 0000 0000 0002')).status).toBe(402);
    await eventsSince(from, 3);
    await stripe().checkout.sessions.expire(created.id);
    const events = (await eventsSince(from, 5)).slice(3);
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.canceled',
      'checkout.session.expired',
    ]);
    expect(events[0]?.data.object).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
  });
});

describe('paying on the test-mode page', { timeout: 60_000 }, () => {
  it('has a labelled "Card number" field, Stripe\'s 4242 test card filled in, beside the Pay button', async () => {
    const created = await stripe().checkout.sessions.create(session());
    const page = await (await fetch(created.url ?? '')).text();
    expect(page).toContain('<label for="card-number">Card number</label>');
    const input = /<input id="card-number"[^>]*>/.exec(page)?.[0] ?? '';
    expect(input).toContain('name="card_number"');
    expect(input).toContain('autocomplete="cc-number"');
    expect(input).toContain('inputmode="numeric"');
    expect(input).toContain('value="4242 4242 4242 4242"');
    expect(input).toContain('aria-describedby="card-hint"');
    expect(input).not.toContain('aria-invalid');
    expect(page).toContain(
      '<button class="button" type="submit">Pay £3,700.00 (test mode)</button>',
    );
  });

  it('with 4242: completes the session behind a PaymentIntent and Charge, sends its events in order, signed, and redirects to success_url', async () => {
    const asked = session();
    const created = await stripe().checkout.sessions.create(asked);
    const from = captured().received.length;
    const paid = await payOnPage(created.url ?? '');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE_URL}/my-registration?paid=${created.id}`);

    const after = await stripe().checkout.sessions.retrieve(created.id, {
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
      last_payment_error: null,
    });
    expect(intent.id).toMatch(/^pi_/);
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 370_000,
      amount_refunded: 0,
      disputed: false,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    expect(charge.id).toMatch(/^ch_/);
    expect(charge).not.toHaveProperty('refunds');

    // The events reached the capture endpoint signed with its secret, in the order they
    // happened, and the stripe package accepts them; with another secret it does not.
    const events = await eventsSince(from, 4);
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    const completed = events[3];
    expect(completed?.id).toMatch(/^evt_/);
    expect(completed?.livemode).toBe(false);
    expect(completed?.data.object).toMatchObject({
      id: created.id,
      object: 'checkout.session',
      client_reference_id: asked.client_reference_id,
      amount_total: 370_000,
      currency: 'gbp',
      payment_status: 'paid',
      payment_intent: intent.id,
      metadata: { registration_id: 'reg-1', kind: 'balance', edition_id: 'ed-2026' },
    });
    expect(events[1]?.data.object).toMatchObject({ id: charge.id, status: 'succeeded' });
    const last = captured().received.at(from + 3);
    expect(() =>
      stripe().webhooks.constructEvent(last?.body ?? '', last?.signature ?? '', 'whsec_other'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    // Paying again changes nothing and sends nothing.
    const again = await fetch(`${created.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }),
    });
    expect(again.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(captured().received.length).toBe(from + 4);
    const page = await (await fetch(created.url ?? '')).text();
    expect(page).toContain('This payment is complete.');
  });

  it.each([
    {
      card: '4000 0000 0000 0002',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    },
    {
      card: '4000000000009995',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
    {
      card: '4000-0000-0000-0069',
      code: 'expired_card',
      declineCode: undefined,
      message: 'Your card has expired.',
    },
  ])(
    "with $card: declined ($code) with Stripe's message on the page; the session stays open and pays with 4242",
    async ({ card, code, declineCode, message }) => {
      const created = await stripe().checkout.sessions.create(session());
      const from = captured().received.length;
      const declined = await payOnPage(created.url ?? '', card);
      expect(declined.status).toBe(402);
      const page = await declined.text();
      expect(page).toContain(`<p id="card-error" class="error" role="alert">${message}</p>`);
      const input = /<input id="card-number"[^>]*>/.exec(page)?.[0] ?? '';
      expect(input).toContain(`value="${card}"`);
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain('aria-describedby="card-hint card-error"');

      const open = await stripe().checkout.sessions.retrieve(created.id, {
        expand: ['payment_intent.latest_charge'],
      });
      expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
      const intent = open.payment_intent as Stripe.PaymentIntent;
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code, message },
      });
      expect(intent.last_payment_error?.decline_code).toBe(declineCode);
      expect(intent.latest_charge).toMatchObject({
        status: 'failed',
        paid: false,
        failure_code: code,
        failure_message: message,
      });
      const events = await eventsSince(from, 3);
      expect(events.map((event) => event.type)).toEqual([
        'payment_intent.created',
        'charge.failed',
        'payment_intent.payment_failed',
      ]);

      // Another card on the same session: the same PaymentIntent, a new Charge.
      expect((await payOnPage(created.url ?? '')).status).toBe(303);
      const paid = await stripe().checkout.sessions.retrieve(created.id, {
        expand: ['payment_intent'],
      });
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
      const after = paid.payment_intent as Stripe.PaymentIntent;
      expect(after).toMatchObject({ id: intent.id, status: 'succeeded', last_payment_error: null });
      expect(after.latest_charge).not.toBe((intent.latest_charge as Stripe.Charge).id);
      const more = await eventsSince(from + 3, 3);
      expect(more.map((event) => event.type)).toEqual([
        'charge.succeeded',
        'payment_intent.succeeded',
        'checkout.session.completed',
      ]);
    },
  );

  it.each([
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
    ['4242 4242', 'Your card number is incomplete.'],
    ['', 'Your card number is incomplete.'],
    ['4242 4242 4242 424x', 'Your card number is invalid.'],
  ])('with "%s": refused with "%s", nothing made or sent', async (card, message) => {
    const created = await stripe().checkout.sessions.create(session());
    const from = captured().received.length;
    const refused = await payOnPage(created.url ?? '', card);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      `<p id="card-error" class="error" role="alert">${message}</p>`,
    );
    expect(await stripe().checkout.sessions.retrieve(created.id)).toMatchObject({
      status: 'open',
      payment_intent: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(captured().received.length).toBe(from);
  });

  it('with a real card number: declined, as test mode declines live cards', async () => {
    const created = await stripe().checkout.sessions.create(session());
    const declined = await payOnPage(created.url ?? '', '4111 1111 1111 1111');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain(
      'Your card was declined. Your request was in test mode, but used a non test (live) card.',
    );
    expect((await stripe().checkout.sessions.retrieve(created.id)).status).toBe('open');
  });

  it('delivers to the stripe-webhook function as it is only the events its endpoint is registered for; it verifies the signature and records a deposit', async () => {
    const { data: reference, error } = await em().anon.rpc('submit_registration', {
      lead_driver_name: 'Session Payer',
      lead_driver_email: 'session.payer@example.org',
      lead_driver_phone: '07700 900123',
      accept_terms: true,
    });
    expect(error).toBeNull();
    const created = await stripe().checkout.sessions.create(
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
    const project = `${em().url}/functions/v1/stripe-webhook`;
    const sent = (await standInEvents()).filter(
      (event) => (event.data.object as { id?: string }).id === created.id,
    );
    expect(sent.map((event) => event.type)).toEqual(['checkout.session.completed']);
    expect(sent[0]?.deliveries[0]).toMatchObject({ endpoint: project, status: 200 });
    // The PaymentIntent's and Charge's events went to the capture endpoint only.
    const intent = String((await stripe().checkout.sessions.retrieve(created.id)).payment_intent);
    const others = (await standInEvents()).filter(
      (event) => (event.data.object as { id?: string }).id === intent,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const event of others) {
      expect(STRIPE_WEBHOOK_EVENTS as readonly string[]).not.toContain(event.type);
      expect(event.deliveries.map((delivery) => delivery.endpoint)).not.toContain(project);
    }
    expect(functionEnv(em().emulator.config).STRIPE_WEBHOOK_SECRET).toBe(
      LOCAL_STRIPE_WEBHOOK_SECRET,
    );
    const status = await em().anon.rpc('deposit_status', { reference: String(reference) });
    expect(status.data).toBe('paid');
  });

  it('sends a stored event again, same id and body, newly signed, for the service key only', async () => {
    const created = await stripe().checkout.sessions.create(session());
    const from = captured().received.length;
    await payOnPage(created.url ?? '');
    const sent = (await eventsSince(from, 4))[3];
    expect(sent?.type).toBe('checkout.session.completed');
    const resendPath = `/local/stripe/events/${sent?.id}/resend`;
    const refused = await fetch(`${em().url}${resendPath}`, {
      method: 'POST',
      headers: { apikey: em().anonKey },
    });
    expect(refused.status).toBe(403);

    const before = captured().received.length;
    const resent = await fetch(`${em().url}${resendPath}`, {
      method: 'POST',
      headers: { apikey: em().serviceKey },
    });
    expect(resent.status).toBe(200);
    expect(captured().received.length).toBe(before + 1);
    const replayed = captured().events().at(-1);
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
    const first = await stripe().checkout.sessions.create(asked, { idempotencyKey: key });
    const second = await stripe().checkout.sessions.create(asked, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses another request under a used key with 400 idempotency_error', async () => {
    const key = randomUUID();
    await stripe().checkout.sessions.create(session(), { idempotencyKey: key });
    const conflict = await stripeFailure(
      stripe().checkout.sessions.create(session(), { idempotencyKey: key }),
    );
    expect(conflict).toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
      rawType: 'idempotency_error',
    });
  });

  it("forgets a key 24 hours after its first use, by the emulator's clock: then it makes a new object", async () => {
    const key = randomUUID();
    const start = Date.now();
    const asked = session();
    const first = await stripe().checkout.sessions.create(asked, { idempotencyKey: key });

    em().emulator.setNow(new Date(start + 24 * HOUR - 60_000).toISOString());
    const within = await stripe().checkout.sessions.create(asked, { idempotencyKey: key });
    expect(within.id).toBe(first.id);
    expect(
      await stripeFailure(stripe().checkout.sessions.create(session(), { idempotencyKey: key })),
    ).toMatchObject({ type: 'StripeIdempotencyError' });

    em().emulator.setNow(new Date(start + 24 * HOUR + 1000).toISOString());
    const after = await stripe().checkout.sessions.create(asked, { idempotencyKey: key });
    expect(after.id).not.toBe(first.id);
    expect(after.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    // The key now stands for the new request, for another 24 hours.
    const replayed = await stripe().checkout.sessions.create(asked, { idempotencyKey: key });
    expect(replayed.id).toBe(after.id);
  });
});
