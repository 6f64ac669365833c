// The standing hostile-input tests for refunds (issue 24): who may call the refund function and
// with what body; Stripe events about refunds that are forged (no or a wrong signature), that
// name a refund the site never made, or that say another amount or currency than the ledger's
// row (a payment exception for the organiser, not applied); and record_refund_event fed shapes
// Stripe never sends. The refund function and stripe-webhook run under Deno with the real stripe
// client against the emulator's Stripe stand-in. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../supabase/emulator';
import { refundEvent, stripeSignature } from '../support/stripe-events';
import { http, setupTestEmulator } from './harness';
import {
  callRefund,
  cancelledPaidTeam,
  refundRows,
  stripeClient,
  tokenOf,
  until,
} from './refund-support';
import { money, setEdition } from './team-page-support';

const em = setupTestEmulator({
  trustTestClientAddress: true,
  clock: '2026-03-20',
  siteUrl: 'http://127.0.0.1:4184',
});

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});

/** Posts an event to stripe-webhook signed with `secret` (the project's unless told). */
async function deliver(event: unknown, secret = LOCAL_STRIPE_WEBHOOK_SECRET, sign = true) {
  const payload = JSON.stringify(event);
  const answer = await http(em(), '/functions/v1/stripe-webhook', {
    method: 'POST',
    key: '',
    headers: {
      'content-type': 'application/json',
      ...(sign && {
        'stripe-signature': stripeSignature(payload, secret, Math.floor(Date.now() / 1000)),
      }),
    },
    body: payload,
  });
  return { status: answer.status, body: answer.json() as Record<string, unknown> };
}

describe('the refund function', () => {
  test('anyone but an administrator is refused (403) and nothing is refunded', async () => {
    const team = await cancelledPaidTeam(em());
    const visitor = await tokenOf(em().visitor);
    for (const token of [em().anonKey, visitor, 'not-a-token']) {
      const answer = await callRefund(em(), { registration: team.id }, token);
      expect([401, 403]).toContain(answer.status);
    }
    expect((await callRefund(em(), { registration: team.id }, em().anonKey)).body).toEqual({
      error: 'Only an administrator may refund a registration',
    });
    expect(await refundRows(em(), team.id)).toEqual([]);
    expect(
      (await stripeClient(em()).refunds.list({ payment_intent: team.paymentIntent })).data,
    ).toEqual([]);
  });

  test.each([
    ['no registration', {}],
    ['not a uuid', { registration: "' or 1=1 --" }],
    ['a number', { registration: 42 }],
    ['an amount of its own', { registration: 'x', amount_pence: 1 }],
  ])('a body with %s is refused (400)', async (_name, body) => {
    expect(await callRefund(em(), body)).toEqual({
      status: 400,
      body: { error: 'Expected { registration: <uuid> }', field: 'registration' },
    });
  });

  test('an amount sent by the browser is ignored: the database decides it', async () => {
    const team = await cancelledPaidTeam(em());
    const sent = await callRefund(em(), { registration: team.id, amount_pence: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body.rows).toEqual([expect.objectContaining({ amount_pence: team.refundDue })]);
  });

  test('a JSON array or broken JSON is refused (400)', async () => {
    expect((await callRefund(em(), '[]')).status).toBe(400);
    expect((await callRefund(em(), '{"registration":')).status).toBe(400);
  });
});

describe('refund events', () => {
  test('a forged refund.updated (no signature, a wrong secret) is refused with 400 and nothing recorded', async () => {
    const team = await cancelledPaidTeam(em());
    const sent = await callRefund(em(), { registration: team.id });
    const [row] = sent.body.rows as { id: string; refund_id: string; amount_pence: number }[];
    await until(
      () => refundRows(em(), team.id),
      (found) => found[0]?.status === 'succeeded',
    );
    const forged = refundEvent({
      id: row?.refund_id,
      amount: row?.amount_pence,
      status: 'failed',
      payment_intent: team.paymentIntent,
      metadata: { ledger_row: row?.id ?? '' },
    });
    expect((await deliver(forged, 'whsec_forged')).status).toBe(400);
    expect((await deliver(forged, LOCAL_STRIPE_WEBHOOK_SECRET, false)).status).toBe(400);
    expect(await refundRows(em(), team.id)).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
    ]);
    const { data: seen } = await em()
      .service.from('payment_exceptions')
      .select('id')
      .eq('event_id', forged.id);
    expect(seen).toEqual([]);
    expect((await money(em(), team.id)).state).toBe('refunded');
  });

  test('a signed event with another amount or currency is a payment exception, not applied', async () => {
    const team = await cancelledPaidTeam(em());
    const { data: begun } = await em().service.rpc('begin_refund', { registration: team.id });
    const [row] = (begun as { rows: { id: string; amount_pence: number }[] }).rows;
    const wrongAmount = await deliver(
      refundEvent({
        id: 're_forged_amount',
        amount: (row?.amount_pence ?? 0) + 1,
        status: 'succeeded',
        payment_intent: team.paymentIntent,
        metadata: { ledger_row: row?.id ?? '' },
      }),
    );
    expect(wrongAmount).toMatchObject({
      status: 200,
      body: { outcome: 'recorded', refunds: [{ refund: 're_forged_amount', outcome: 'mismatch' }] },
    });
    const wrongCurrency = await deliver(
      refundEvent({
        id: 're_forged_currency',
        amount: row?.amount_pence,
        currency: 'usd',
        status: 'succeeded',
        payment_intent: team.paymentIntent,
        metadata: { ledger_row: row?.id ?? '' },
      }),
    );
    expect(wrongCurrency.body.refunds).toEqual([
      { refund: 're_forged_currency', outcome: 'mismatch' },
    ]);
    expect(await refundRows(em(), team.id)).toEqual([
      expect.objectContaining({ id: row?.id, status: 'pending', refund_id: null }),
    ]);
    const { data: exceptions } = await em()
      .admin.from('payment_exceptions')
      .select('kind, reason, registration_id, payment_id')
      .eq('registration_id', team.id)
      .order('created_at');
    expect(exceptions).toEqual([
      {
        kind: 'refund',
        reason: 'amount',
        registration_id: team.id,
        payment_id: 're_forged_amount',
      },
      {
        kind: 'refund',
        reason: 'currency',
        registration_id: team.id,
        payment_id: 're_forged_currency',
      },
    ]);
    expect((await money(em(), team.id)).refunded_pence).toBe(0);
  });

  test('a refund the site never made (the ledger row of another payment, or none) is shown, not applied', async () => {
    const team = await cancelledPaidTeam(em());
    const other = await cancelledPaidTeam(em());
    const { data: begun } = await em().service.rpc('begin_refund', { registration: other.id });
    const [otherRow] = (begun as { rows: { id: string; amount_pence: number }[] }).rows;
    // Names the other team's pending row, but for this team's payment.
    const stolen = await deliver(
      refundEvent({
        id: 're_dashboard',
        amount: otherRow?.amount_pence,
        status: 'succeeded',
        payment_intent: team.paymentIntent,
        metadata: { ledger_row: otherRow?.id ?? '' },
      }),
    );
    expect(stolen.body.refunds).toEqual([{ refund: 're_dashboard', outcome: 'unknown' }]);
    expect(await refundRows(em(), other.id)).toEqual([
      expect.objectContaining({ status: 'pending', refund_id: null }),
    ]);
    const { data: exceptions } = await em()
      .service.from('payment_exceptions')
      .select('kind, reason, registration_id')
      .eq('payment_id', 're_dashboard');
    expect(exceptions).toEqual([
      { kind: 'refund', reason: 'unknown-reference', registration_id: team.id },
    ]);
  });

  test('record_refund_event takes shapes Stripe never sends without failing or applying them', async () => {
    for (const refunds of [{}, 'refunds', 42, null, [null, 'x', 7, []], [{ id: null }]]) {
      const { data, error } = await em().service.rpc('record_refund_event', {
        event_id: `evt_${randomUUID()}`,
        event_type: 'refund.updated',
        refunds: refunds as never,
      });
      expect(error).toBeNull();
      expect((data as { outcome: string }).outcome).toBe('recorded');
    }
    const other = await em().service.rpc('record_refund_event', {
      event_id: `evt_${randomUUID()}`,
      event_type: 'checkout.session.completed',
      refunds: [] as never,
    });
    expect(other.data).toEqual({ outcome: 'ignored' });
  });
});
