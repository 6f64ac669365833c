// Refunds on the emulator's Stripe stand-in, made with the REAL stripe package as Stripe takes
// them from any client holding the secret key (the product's refund function, the Dashboard,
// another integration; here a plain form POST with Basic auth as well): in part, then the rest,
// summing to the charge; never more than its unrefunded amount (amount_too_large, both amounts
// named), never twice in full, never while the charge is disputed; with or without metadata.
// Each sends refund.created then charge.refunded, whose Charge carries no refunds list (API
// version 2022-11-15 on); a refund of a charge paid with 4000 0000 0000 5126 answers succeeded,
// and fails a minute later by the emulator's clock (when next read, or at the scheduler's tick):
// refund.updated (status failed, failure_reason expired_or_canceled_card), refund.failed, the
// legacy charge.refund.updated, and the money back on the charge. The local control fails any
// refund now. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY, REFUND_FAILURE_DELAY_SECONDS } from '../../supabase/emulator';
import { setupTestEmulator } from './harness';
import {
  atLeast,
  paidWith,
  stripeClient,
  stripeFailure,
  useCaptureEndpoint,
} from './stripe-support';

const SITE_URL = 'http://127.0.0.1:4185';
const em = setupTestEmulator({ siteUrl: SITE_URL });
const stripe = () => stripeClient(em());
const paid = (amount: number, card?: string) => paidWith(em(), SITE_URL, amount, card);

const captured = useCaptureEndpoint(em);
afterEach(() => em().emulator.setNow(null));

/** The events about one charge's refunds (refund.* name it as `charge`), in order. */
async function refundEventsOf(charge: string, count: number): Promise<Stripe.Event[]> {
  const about = () =>
    captured()
      .events()
      .filter((event) => {
        const object = event.data.object as { id?: string; charge?: string; object?: string };
        return (
          (object.object === 'refund' && object.charge === charge) ||
          (event.type.startsWith('charge.refund') && object.id === charge)
        );
      });
  return atLeast(about, count);
}

describe('a refund by any client holding the key', { timeout: 60_000 }, () => {
  it('in part, then the rest: refund.created then charge.refunded each time, no refunds list on the charge, the parts summing to the charge', async () => {
    const { intent, charge } = await paid(10_000);
    const part = await stripe().refunds.create({
      payment_intent: intent,
      amount: 2_500,
      reason: 'requested_by_customer',
      metadata: { registration: 'reg-1', ledger_row: randomUUID() },
    });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2_500,
      status: 'succeeded',
      charge,
      payment_intent: intent,
      currency: 'gbp',
      reason: 'requested_by_customer',
      destination_details: { type: 'card' },
    });
    expect(part.id).toMatch(/^re_/);
    expect(await stripe().refunds.retrieve(part.id)).toEqual(
      expect.objectContaining({ id: part.id, amount: 2_500, status: 'succeeded' }),
    );
    const rest = await stripe().refunds.create({ charge });
    expect(rest).toMatchObject({ amount: 7_500, metadata: {}, reason: null });
    const after = await stripe().charges.retrieve(charge);
    expect(after).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect(after).not.toHaveProperty('refunds');
    expect(part.amount + rest.amount).toBe(after.amount);

    const events = await refundEventsOf(charge, 4);
    expect(events.map((event) => event.type)).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
    expect(events[0]?.data.object).toMatchObject({ id: part.id, status: 'succeeded' });
    expect(events[1]?.data).toMatchObject({
      object: { id: charge, amount_refunded: 2_500, refunded: false },
      previous_attributes: { amount_refunded: 0, refunded: false },
    });
    expect(events[2]?.data.object).toMatchObject({ id: rest.id, amount: 7_500 });
    expect(events[3]?.data.object).toMatchObject({ amount_refunded: 10_000, refunded: true });
    for (const event of events.filter((one) => one.type === 'charge.refunded'))
      expect(event.data.object).not.toHaveProperty('refunds');
  });

  it('never more than the unrefunded amount (amount_too_large), never twice in full (charge_already_refunded)', async () => {
    const { intent, charge } = await paid(10_000);
    await stripe().refunds.create({ payment_intent: intent, amount: 2_500 });
    const tooMuch = await stripeFailure(
      stripe().refunds.create({ payment_intent: intent, amount: 7_501 }),
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
    await stripe().refunds.create({ charge, amount: 7_500 });
    const twice = await stripeFailure(stripe().refunds.create({ payment_intent: intent }));
    expect(twice).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    expect((await stripe().charges.retrieve(charge)).amount_refunded).toBe(10_000);
  });

  it("as the Dashboard makes one: no metadata, another client's form POST with Basic auth, and the events say so", async () => {
    const { intent, charge } = await paid(6_000);
    const answer = await fetch(`${em().url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${LOCAL_STRIPE_SECRET_KEY}:`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: intent, amount: '1850' }),
    });
    expect(answer.status).toBe(200);
    const refund = (await answer.json()) as Stripe.Refund;
    expect(refund).toMatchObject({ amount: 1_850, metadata: {}, charge, status: 'succeeded' });
    const request = answer.headers.get('request-id');
    expect(request).toMatch(/^req_/);
    const events = await refundEventsOf(charge, 2);
    expect(events.map((event) => [event.type, event.request])).toEqual([
      ['refund.created', { id: request, idempotency_key: null }],
      ['charge.refunded', { id: request, idempotency_key: null }],
    ]);
    expect(events[0]?.data.object).toMatchObject({ id: refund.id, metadata: {} });
    const listed = await stripe().refunds.list({ payment_intent: intent });
    expect(listed.data.map((one) => one.id)).toEqual([refund.id]);
  });

  it('refunds once for two calls with one key (a double click), and the events name the key', async () => {
    const { intent, charge } = await paid(5_000);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      stripe().refunds.create({ payment_intent: intent, amount: 1_000 }, { idempotencyKey: key }),
      stripe().refunds.create({ payment_intent: intent, amount: 1_000 }, { idempotencyKey: key }),
    ]);
    expect(second.id).toBe(first.id);
    expect((await stripe().charges.retrieve(charge)).amount_refunded).toBe(1_000);
    const other = await stripeFailure(
      stripe().refunds.create({ payment_intent: intent, amount: 2_000 }, { idempotencyKey: key }),
    );
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    const events = await refundEventsOf(charge, 2);
    expect(events.map((event) => event.request?.idempotency_key)).toEqual([key, key]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await refundEventsOf(charge, 2)).toHaveLength(2);
  });

  it("lists a charge's refunds newest first, by charge or PaymentIntent, with has_more", async () => {
    const { intent, charge } = await paid(8_000);
    const first = await stripe().refunds.create({ payment_intent: intent, amount: 3_000 });
    const second = await stripe().refunds.create({ payment_intent: intent, amount: 2_000 });
    const listed = await stripe().refunds.list({ charge });
    expect(listed.data.map((refund) => refund.id)).toEqual([second.id, first.id]);
    expect((await stripe().refunds.list({ payment_intent: intent, limit: 1 })).has_more).toBe(true);
  });

  it('answers 404 for an unknown PaymentIntent and refund', async () => {
    const intent = await stripeFailure(stripe().refunds.create({ payment_intent: 'pi_nope' }));
    expect(intent).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    const refund = await stripeFailure(stripe().refunds.retrieve('re_nope'));
    expect(refund).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('a refund that fails later', { timeout: 60_000 }, () => {
  it("with 4000 0000 0000 5126: succeeded at first, failed a minute later by the emulator's clock when read; the money back on the charge", async () => {
    const start = Date.now();
    const { charge } = await paid(9_000, '4000 0000 0000 5126');
    const refund = await stripe().refunds.create({ charge, amount: 4_000 });
    expect(refund.status).toBe('succeeded');
    await refundEventsOf(charge, 2);

    em().emulator.setNow(new Date(start + (REFUND_FAILURE_DELAY_SECONDS - 5) * 1000).toISOString());
    expect((await stripe().refunds.retrieve(refund.id)).status).toBe('succeeded');
    expect((await stripe().charges.retrieve(charge)).amount_refunded).toBe(4_000);

    em().emulator.setNow(new Date(start + (REFUND_FAILURE_DELAY_SECONDS + 5) * 1000).toISOString());
    const failed = await stripe().refunds.retrieve(refund.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(failed.failure_balance_transaction).toMatch(/^txn_/);
    expect(await stripe().charges.retrieve(charge)).toMatchObject({
      amount_refunded: 0,
      refunded: false,
    });

    const events = await refundEventsOf(charge, 5);
    expect(events.map((event) => event.type)).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.updated',
      'refund.failed',
      'charge.refund.updated',
    ]);
    expect(events[2]?.data).toMatchObject({
      object: { id: refund.id, status: 'failed', failure_reason: 'expired_or_canceled_card' },
      previous_attributes: { status: 'succeeded' },
    });
    expect(events[3]?.data.object).toMatchObject({ id: refund.id, status: 'failed' });
    // Failed once: reading it again sends nothing more.
    await stripe().refunds.retrieve(refund.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await refundEventsOf(charge, 5)).toHaveLength(5);

    // The failed amount can be refunded again.
    const again = await stripe().refunds.create({ charge });
    expect(again.amount).toBe(9_000);
  });

  it("with 4000 0000 0000 5126: failed at the scheduler's tick with nobody reading it", async () => {
    const start = Date.now();
    const { charge } = await paid(3_000, '4000000000005126');
    const refund = await stripe().refunds.create({ charge });
    await refundEventsOf(charge, 2);
    await em().emulator.runDueJobs(
      new Date(start + (REFUND_FAILURE_DELAY_SECONDS + 60) * 1000).toISOString(),
    );
    const events = await refundEventsOf(charge, 4);
    expect(
      events.slice(2, 4).map((event) => [event.type, (event.data.object as Stripe.Refund).id]),
    ).toEqual([
      ['refund.updated', refund.id],
      ['refund.failed', refund.id],
    ]);
  });

  it('with 4242: a refund stays succeeded however long after', async () => {
    const start = Date.now();
    const { charge } = await paid(3_000);
    const refund = await stripe().refunds.create({ charge });
    await em().emulator.runDueJobs(new Date(start + 7 * 24 * 3_600_000).toISOString());
    expect((await stripe().refunds.retrieve(refund.id)).status).toBe('succeeded');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await refundEventsOf(charge, 2)).toHaveLength(2);
  });

  it('by the local control, for the service key only: now, for the reason given', async () => {
    const { charge } = await paid(8_000);
    const first = await stripe().refunds.create({ charge, amount: 3_000 });
    await stripe().refunds.create({ charge, amount: 2_000 });
    const failPath = `${em().url}/local/stripe/refunds/${first.id}/fail`;
    const refused = await fetch(failPath, { method: 'POST', headers: { apikey: em().anonKey } });
    expect(refused.status).toBe(403);
    const unknownReason = await fetch(failPath, {
      method: 'POST',
      headers: { apikey: em().serviceKey, 'content-type': 'application/json' },
      body: JSON.stringify({ failure_reason: 'bad_luck' }),
    });
    expect(unknownReason.status).toBe(400);
    const failed = await fetch(failPath, {
      method: 'POST',
      headers: { apikey: em().serviceKey, 'content-type': 'application/json' },
      body: JSON.stringify({ failure_reason: 'lost_or_stolen_card' }),
    });
    expect(failed.status).toBe(200);
    const events = await refundEventsOf(charge, 7);
    expect(events.slice(4).map((event) => event.type)).toEqual([
      'refund.updated',
      'refund.failed',
      'charge.refund.updated',
    ]);
    expect(events[4]?.data.object).toMatchObject({
      id: first.id,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    expect(await stripe().refunds.retrieve(first.id)).toMatchObject({ status: 'failed' });
    expect((await stripe().charges.retrieve(charge)).amount_refunded).toBe(2_000);
    const again = await fetch(failPath, { method: 'POST', headers: { apikey: em().serviceKey } });
    expect(again.status).toBe(404);
  });
});
