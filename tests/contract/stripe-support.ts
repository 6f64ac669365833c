// What the Stripe stand-in's contract tests share (stripe-stand-in*.test.ts, refund-support.ts):
// the REAL stripe client pointed at the emulator as the functions point theirs, a webhook endpoint
// of the test's own that keeps every event it receives (verified as a function verifies them),
// a Checkout Session's parameters as the checkout function sends them, and a session paid on
// the test-mode page with a given test card.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { functionEnv, LOCAL_STRIPE_SECRET_KEY } from '../../supabase/emulator';
import type { TestEmulator } from './harness';
import { payOnPage } from './team-page-support';

/** The client as the functions build it from STRIPE_API_URL and STRIPE_SECRET_KEY. */
export function stripeClient(em: TestEmulator, key = LOCAL_STRIPE_SECRET_KEY): Stripe {
  const api = new URL(functionEnv(em.emulator.config).STRIPE_API_URL ?? '');
  return new Stripe(key, {
    host: api.hostname,
    port: api.port,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

/** A webhook endpoint of the test's own, registered for every event (`*`). */
export interface CaptureEndpoint {
  /** Every event received so far, in order, verified with the endpoint's secret. */
  events(): Stripe.Event[];
  /** The raw deliveries: body and Stripe-Signature as received. */
  received: { body: string; signature: string }[];
  secret: string;
  close(): Promise<void>;
}

export async function captureEndpoint(em: TestEmulator): Promise<CaptureEndpoint> {
  const received: { body: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = await stripeClient(em).webhookEndpoints.create({
    url: `http://127.0.0.1:${port}/stripe-events`,
    enabled_events: ['*'],
  });
  const secret = endpoint.secret ?? '';
  return {
    received,
    secret,
    events: () =>
      received.map(({ body, signature }) =>
        stripeClient(em).webhooks.constructEvent(body, signature, secret),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A capture endpoint for the file's tests: registered before them, closed after them. */
export function useCaptureEndpoint(em: () => TestEmulator): () => CaptureEndpoint {
  let capture: CaptureEndpoint | undefined;
  beforeAll(async () => {
    capture = await captureEndpoint(em());
  });
  afterAll(() => capture?.close());
  return () => {
    if (!capture) throw new Error('The capture endpoint is not registered yet');
    return capture;
  };
}

/** Waits (at most 10 s) until `ask` gives at least `count` items; answers them. */
export async function atLeast<T>(ask: () => T[], count: number): Promise<T[]> {
  const deadline = Date.now() + 10_000;
  while (ask().length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ask().length).toBeGreaterThanOrEqual(count);
  return ask();
}

/** A Checkout Session's parameters as the checkout function sends them (a £3,700 balance). */
export function sessionParams(
  siteUrl: string,
  changes: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
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
    allowed_payment_method_types: ['card'],
    client_reference_id: randomUUID(),
    customer_email: 'lead.driver@example.org',
    metadata: { registration_id: 'reg-1', kind: 'balance', edition_id: 'ed-2026' },
    payment_intent_data: { metadata: { registration_id: 'reg-1', kind: 'balance' } },
    success_url: `${siteUrl}/my-registration?paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `${siteUrl}/my-registration`,
    ...changes,
  };
}

/** A session for `amount` pence paid on the page with `card`; answers its PaymentIntent, Charge. */
export async function paidWith(
  em: TestEmulator,
  siteUrl: string,
  amount: number,
  card = '4242 4242 4242 4242',
): Promise<{ session: Stripe.Checkout.Session; intent: string; charge: string }> {
  const created = await stripeClient(em).checkout.sessions.create(
    sessionParams(siteUrl, {
      line_items: [
        {
          price_data: { currency: 'gbp', unit_amount: amount, product_data: { name: 'Paid' } },
          quantity: 1,
        },
      ],
    }),
  );
  expect((await payOnPage(created.url ?? '', card)).status).toBe(303);
  const session = await stripeClient(em).checkout.sessions.retrieve(created.id, {
    expand: ['payment_intent'],
  });
  const intent = session.payment_intent as Stripe.PaymentIntent;
  return { session, intent: intent.id, charge: String(intent.latest_charge) };
}

/** The StripeError a call fails with (the test fails when it succeeds). */
export async function stripeFailure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('The call succeeded');
}
