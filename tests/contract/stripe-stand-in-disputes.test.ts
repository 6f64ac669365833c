// Disputes on the emulator's Stripe stand-in, as Stripe's test mode makes and settles them, read
// and answered with the REAL stripe package: a session paid with 4000 0000 0000 0259 completes,
// then its charge is disputed as fraudulent for the whole amount (charge.dispute.created, then
// charge.dispute.funds_withdrawn, after checkout.session.completed), needing a response within 7
// days; evidence submitted with evidence[uncategorized_text] = winning_evidence closes it won and
// gives the money back (charge.dispute.updated under_review, charge.dispute.closed won,
// charge.dispute.funds_reinstated); losing_evidence closes it lost; evidence saved with
// submit=false waits; other evidence stays under review; a dispute accepted (close) is lost; a
// disputed charge cannot be refunded; the stripe-webhook function's endpoint receives the
// dispute events. Runs on PGlite and on PostgreSQL 15.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { setupTestEmulator } from './harness';
import {
  atLeast,
  paidWith,
  stripeClient,
  stripeFailure,
  useCaptureEndpoint,
} from './stripe-support';

const SITE_URL = 'http://127.0.0.1:4186';
const em = setupTestEmulator({ siteUrl: SITE_URL });
const stripe = () => stripeClient(em());
const DISPUTED_CARD = '4000 0000 0000 0259';

const captured = useCaptureEndpoint(em);

/** The capture endpoint's events about one PaymentIntent (its session, charge and dispute). */
async function eventsOf(intent: string, count: number): Promise<Stripe.Event[]> {
  const about = () =>
    captured()
      .events()
      .filter((event) => {
        const object = event.data.object as { id?: string; payment_intent?: string | null };
        return object.id === intent || object.payment_intent === intent;
      });
  return atLeast(about, count);
}

/** A session paid with the disputed card; answers its PaymentIntent, Charge and Dispute. */
async function disputedPayment(amount = 25_000) {
  const { intent, charge } = await paidWith(em(), SITE_URL, amount, DISPUTED_CARD);
  const events = await eventsOf(intent, 6);
  const dispute = events.find((event) => event.type === 'charge.dispute.created')?.data
    .object as Stripe.Dispute;
  return { intent, charge, dispute, events };
}

const after = (events: Stripe.Event[], count: number) => events.slice(6, 6 + count);

describe('paying with 4000 0000 0000 0259', { timeout: 60_000 }, () => {
  it('completes the session, then the charge is disputed as fraudulent and its money withdrawn, in that order', async () => {
    const started = Math.floor(Date.now() / 1000);
    const { intent, charge, dispute, events } = await disputedPayment();
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 25_000,
      currency: 'gbp',
      charge,
      payment_intent: intent,
      reason: 'fraudulent',
      status: 'needs_response',
      livemode: false,
      is_charge_refundable: false,
      balance_transactions: [],
      evidence: { uncategorized_text: null },
      evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(dispute.id).toMatch(/^du_/);
    const dueBy = dispute.evidence_details.due_by ?? 0;
    expect(dueBy - started).toBeGreaterThanOrEqual(7 * 24 * 60 * 60 - 5);
    expect(dueBy - started).toBeLessThanOrEqual(7 * 24 * 60 * 60 + 60);
    expect(events[5]?.data.object).toMatchObject({
      id: dispute.id,
      status: 'needs_response',
      balance_transactions: [{ amount: -25_000, currency: 'gbp', reporting_category: 'dispute' }],
    });

    expect(await stripe().charges.retrieve(charge)).toMatchObject({
      status: 'succeeded',
      disputed: true,
      amount_refunded: 0,
    });
    expect(await stripe().disputes.retrieve(dispute.id)).toMatchObject({
      id: dispute.id,
      status: 'needs_response',
    });
    expect((await stripe().disputes.list({ charge })).data.map((one) => one.id)).toEqual([
      dispute.id,
    ]);
    expect(
      (await stripe().disputes.list({ payment_intent: intent })).data.map((one) => one.id),
    ).toEqual([dispute.id]);
  });

  it('a disputed charge cannot be refunded (charge_disputed)', async () => {
    const { charge } = await disputedPayment(5_000);
    const refused = await stripeFailure(stripe().refunds.create({ charge }));
    expect(refused).toMatchObject({ statusCode: 400, code: 'charge_disputed' });
    expect((await stripe().charges.retrieve(charge)).amount_refunded).toBe(0);
  });

  it("sends the stripe-webhook function's endpoint the dispute events, which it answers 200", async () => {
    const { dispute } = await disputedPayment(5_000);
    const listed = await fetch(`${em().url}/local/stripe/events`, {
      headers: { apikey: em().serviceKey },
    });
    const project = `${em().url}/functions/v1/stripe-webhook`;
    const sent = (
      (await listed.json()) as (Stripe.Event & {
        deliveries: { endpoint: string; status: number }[];
      })[]
    ).filter((event) => (event.data.object as { id: string }).id === dispute.id);
    expect(sent.map((event) => event.type).sort()).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);
    for (const event of sent)
      expect(event.deliveries.find((delivery) => delivery.endpoint === project)?.status).toBe(200);
  });
});

describe("answering a dispute, as Stripe's test mode settles it", { timeout: 60_000 }, () => {
  it('winning_evidence: under review, then closed won and the money reinstated', async () => {
    const { intent, dispute } = await disputedPayment();
    const answered = await stripe().disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence', customer_name: 'Lead Driver' },
    });
    expect(answered).toMatchObject({
      id: dispute.id,
      status: 'under_review',
      evidence: { uncategorized_text: 'winning_evidence', customer_name: 'Lead Driver' },
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    const events = after(await eventsOf(intent, 9), 3);
    expect(
      events.map((event) => [event.type, (event.data.object as Stripe.Dispute).status]),
    ).toEqual([
      ['charge.dispute.updated', 'under_review'],
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won'],
    ]);
    expect(events[0]?.data.previous_attributes).toMatchObject({ status: 'needs_response' });
    expect(events[2]?.data.object).toMatchObject({
      balance_transactions: [
        { amount: -25_000 },
        { amount: 25_000, reporting_category: 'dispute_reversal' },
      ],
    });
    expect(await stripe().disputes.retrieve(dispute.id)).toMatchObject({ status: 'won' });
    // Closed: nothing more can be changed.
    const closed = await stripeFailure(
      stripe().disputes.update(dispute.id, { evidence: { uncategorized_text: 'more' } }),
    );
    expect(closed).toMatchObject({ statusCode: 400 });
  });

  it('losing_evidence: under review, then closed lost, the money not reinstated', async () => {
    const { intent, dispute } = await disputedPayment();
    await stripe().disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'losing_evidence' },
      submit: true,
    });
    const events = after(await eventsOf(intent, 8), 2);
    expect(
      events.map((event) => [event.type, (event.data.object as Stripe.Dispute).status]),
    ).toEqual([
      ['charge.dispute.updated', 'under_review'],
      ['charge.dispute.closed', 'lost'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await eventsOf(intent, 8)).toHaveLength(8);
    expect(await stripe().disputes.retrieve(dispute.id)).toMatchObject({
      status: 'lost',
      balance_transactions: [{ amount: -25_000 }],
    });
  });

  it('submit=false saves the evidence and waits; submitting later settles it', async () => {
    const { intent, dispute } = await disputedPayment();
    const staged = await stripe().disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
      submit: false,
      metadata: { registration: 'reg-1' },
    });
    expect(staged).toMatchObject({
      status: 'needs_response',
      metadata: { registration: 'reg-1' },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    const first = after(await eventsOf(intent, 7), 1);
    expect(first.map((event) => event.type)).toEqual(['charge.dispute.updated']);
    await stripe().disputes.update(dispute.id, {});
    const settled = after(await eventsOf(intent, 10), 4).map((event) => event.type);
    expect(settled).toEqual([
      'charge.dispute.updated',
      'charge.dispute.updated',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
  });

  it('other evidence stays under review, and cannot be submitted twice', async () => {
    const { dispute } = await disputedPayment();
    await stripe().disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'The lead driver signed the entry form in person.' },
    });
    expect(await stripe().disputes.retrieve(dispute.id)).toMatchObject({ status: 'under_review' });
    const twice = await stripeFailure(
      stripe().disputes.update(dispute.id, {
        evidence: { uncategorized_text: 'winning_evidence' },
      }),
    );
    expect(twice).toMatchObject({ statusCode: 400, param: 'evidence' });
  });

  it('close: the dispute accepted, lost; only one needing a response can be closed', async () => {
    const { intent, dispute } = await disputedPayment();
    const closed = await stripe().disputes.close(dispute.id);
    expect(closed).toMatchObject({ id: dispute.id, status: 'lost' });
    const events = after(await eventsOf(intent, 7), 1);
    expect(events.map((event) => event.type)).toEqual(['charge.dispute.closed']);
    expect(await stripeFailure(stripe().disputes.close(dispute.id))).toMatchObject({
      statusCode: 400,
    });
  });

  it("refuses evidence fields it does not take and an unknown dispute, in Stripe's shape", async () => {
    const { dispute } = await disputedPayment(1_000);
    const unknownField = await stripeFailure(
      stripe().disputes.update(dispute.id, { evidence: { shipping_carrier: 'Royal Mail' } }),
    );
    expect(unknownField).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'evidence[shipping_carrier]',
    });
    const unknown = await stripeFailure(stripe().disputes.retrieve('du_nope'));
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
