// Issue 24's refunds through Stripe, over HTTP: the refund function (the REAL stripe client under
// Deno) against the emulator's Stripe stand-in, whose signed refund.created / charge.refunded
// (and, when a refund fails, refund.updated) events reach stripe-webhook and the ledger. Two clicks at once make one refund at Stripe and
// one set of ledger rows; the refund is what the terms give back (partial on the balance's
// charge), never more than paid minus the deposit; replayed events change nothing; a refund
// that fails later is due again and can be sent again; the team's refund email reaches the mail
// catcher once. begin_refund's allocation over several balance payments is checked in the
// database. The database's day is pinned 94 days before the 2026 edition (the terms give 50%).
// Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { caughtMail, http, setupTestEmulator } from './harness';
import {
  callRefund,
  cancelledPaidTeam,
  refundRows,
  stripeClient,
  until,
  type CancelledTeam,
} from './refund-support';
import { REFUND_FAILURE_DELAY_SECONDS } from '../../supabase/emulator';
import { BALANCE, DEPOSIT, money, payDeposit, register, setEdition } from './team-page-support';

const DAY = '2026-03-20';
const em = setupTestEmulator({
  trustTestClientAddress: true,
  clock: DAY,
  siteUrl: 'http://127.0.0.1:4183',
});

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});

type StandInEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/** The stand-in's events about a PaymentIntent's refunds, oldest first. */
async function refundEvents(paymentIntent: string): Promise<StandInEvent[]> {
  const answer = await http(em(), '/local/stripe/events', { key: em().serviceKey });
  return (answer.json() as StandInEvent[])
    .filter(
      (event) =>
        ['refund.created', 'charge.refunded', 'refund.updated'].includes(event.type) &&
        event.data.object.payment_intent === paymentIntent,
    )
    .reverse();
}

const refundEmails = async (team: CancelledTeam) =>
  (await caughtMail(em(), team.email)).filter((mail) => mail.subject.includes('refund'));

describe('Refund £X through Stripe', () => {
  test('two clicks at once: one refund at Stripe, one ledger row, confirmed by the events, one email', async () => {
    const team = await cancelledPaidTeam(em());
    expect(await money(em(), team.id)).toMatchObject({
      state: 'cancelled',
      refund_left_pence: team.refundDue,
      refund_pending_pence: 0,
    });

    const [first, second] = await Promise.all([
      callRefund(em(), { registration: team.id }),
      callRefund(em(), { registration: team.id }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // The same rows, sent under the same keys (one may already read 'succeeded': Stripe's event
    // can arrive between the two answers).
    const sent = (answer: typeof first) =>
      (answer.body.rows as Record<string, unknown>[]).map((row) => [
        row.id,
        row.refund_id,
        row.amount_pence,
      ]);
    expect(sent(second)).toEqual(sent(first));
    expect(sent(first)).toHaveLength(1);
    expect([first.body.outcome, second.body.outcome].sort()).toEqual(['pending', 'started']);

    const atStripe = await stripeClient(em()).refunds.list({ payment_intent: team.paymentIntent });
    expect(atStripe.data).toHaveLength(1);
    const refund = atStripe.data[0];
    expect(refund).toMatchObject({ amount: team.refundDue, currency: 'gbp', status: 'succeeded' });
    const rows = await until(
      () => refundRows(em(), team.id),
      (found) => found[0]?.status === 'succeeded',
    );
    expect(rows).toEqual([
      expect.objectContaining({
        amount_pence: team.refundDue,
        status: 'succeeded',
        refund_id: refund?.id,
        payment_intent_id: team.paymentIntent,
        charge_id: refund?.charge,
      }),
    ]);
    expect(refund?.metadata).toMatchObject({ registration: team.id, ledger_row: rows[0]?.id });
    expect(await money(em(), team.id)).toMatchObject({
      state: 'refunded',
      refunded_pence: team.refundDue,
      refund_left_pence: 0,
    });

    const emails = await until(
      () => refundEmails(team),
      (found) => found.length > 0,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Your 2026 Europe Rally refund is on its way');
    expect(emails[0]?.text).toContain(`We have refunded £1,850.00`);
    // The log says 'sent' once the mail API answered (just after the catcher holds it).
    const log = await until(
      async () =>
        (
          await em()
            .service.from('email_log')
            .select('kind, status')
            .eq('registration_id', team.id)
            .eq('kind', 'refund_sent')
        ).data,
      (rows) => rows?.[0]?.status === 'sent',
    );
    expect(log).toEqual([{ kind: 'refund_sent', status: 'sent' }]);

    // Nothing is left: a third click is refused, and Stripe holds still one refund.
    expect(await callRefund(em(), { registration: team.id })).toEqual({
      status: 409,
      body: { error: 'No refund is due on this registration.' },
    });
    expect(
      (await stripeClient(em()).refunds.list({ payment_intent: team.paymentIntent })).data,
    ).toHaveLength(1);
  });

  test('replayed refund.created and charge.refunded are applied once: no second row, no second email', async () => {
    const team = await cancelledPaidTeam(em());
    expect((await callRefund(em(), { registration: team.id })).status).toBe(200);
    await until(
      () => refundEmails(team),
      (found) => found.length > 0,
    );
    const events = await until(
      () => refundEvents(team.paymentIntent),
      (found) => found.length === 2,
    );
    expect(events.map((event) => event.type)).toEqual(['refund.created', 'charge.refunded']);
    const before = await refundRows(em(), team.id);
    for (const event of events) {
      const resent = await http(em(), `/local/stripe/events/${event.id}/resend`, {
        method: 'POST',
        key: em().serviceKey,
      });
      expect(resent.status).toBe(200);
      expect((resent.json() as { deliveries: { status: number }[] }).deliveries[0]?.status).toBe(
        200,
      );
      const { data } = await em().service.rpc('record_refund_event', {
        event_id: event.id,
        event_type: event.type,
        refunds: [] as never,
      });
      // The ledger records a refund from charge.refunded; refund.created it leaves alone.
      expect(data).toMatchObject({
        outcome: event.type === 'charge.refunded' ? 'replayed' : 'ignored',
      });
    }
    expect(await refundRows(em(), team.id)).toEqual(before);
    expect(await refundEmails(team)).toHaveLength(1);
    expect((await money(em(), team.id)).refunded_pence).toBe(team.refundDue);
  });

  test('a refund that fails later is due again, and the next click sends a new one', async () => {
    const team = await cancelledPaidTeam(em());
    const sent = await callRefund(em(), { registration: team.id });
    const [row] = sent.body.rows as { id: string; refund_id: string }[];
    await until(
      () => refundRows(em(), team.id),
      (found) => found[0]?.status === 'succeeded',
    );
    const failed = await http(em(), `/local/stripe/refunds/${row?.refund_id}/fail`, {
      method: 'POST',
      key: em().serviceKey,
      body: JSON.stringify({ failure_reason: 'expired_or_canceled_card' }),
    });
    expect(failed.status).toBe(200);
    const rows = await until(
      () => refundRows(em(), team.id),
      (found) => found[0]?.status === 'failed',
    );
    expect(rows[0]?.note).toContain('Stripe: the refund failed (expired_or_canceled_card).');
    expect(await money(em(), team.id)).toMatchObject({
      state: 'cancelled',
      refunded_pence: 0,
      refund_left_pence: team.refundDue,
    });

    const again = await callRefund(em(), { registration: team.id });
    expect(again.status).toBe(200);
    const [newRow] = again.body.rows as { id: string; refund_id: string }[];
    expect(newRow?.id).not.toBe(row?.id);
    expect(newRow?.refund_id).not.toBe(row?.refund_id);
    await until(
      () => refundRows(em(), team.id),
      (found) => found[1]?.status === 'succeeded',
    );
    expect(await money(em(), team.id)).toMatchObject({
      state: 'refunded',
      refunded_pence: team.refundDue,
    });
  });

  test('a refund of a balance paid with 4000 0000 0000 5126 fails a minute later by itself, and is due again', async () => {
    const team = await cancelledPaidTeam(em(), '4000 0000 0000 5126');
    const start = Date.now();
    const sent = await callRefund(em(), { registration: team.id });
    expect(sent.status).toBe(200);
    await until(
      () => refundRows(em(), team.id),
      (found) => found[0]?.status === 'succeeded',
    );
    try {
      // "Some time later", by the emulator's clock: the scheduler's tick fails it.
      await em().emulator.runDueJobs(
        new Date(start + (REFUND_FAILURE_DELAY_SECONDS + 60) * 1000).toISOString(),
      );
      const rows = await until(
        () => refundRows(em(), team.id),
        (found) => found[0]?.status === 'failed',
      );
      expect(rows[0]?.note).toContain('Stripe: the refund failed (expired_or_canceled_card).');
      expect(await money(em(), team.id)).toMatchObject({
        refunded_pence: 0,
        refund_left_pence: team.refundDue,
      });
    } finally {
      em().emulator.setNow(null);
    }
  });
});

describe('the amount: the database decides it', () => {
  test('never more than paid minus the deposit, whatever refund_due_pence says; Stripe refuses more than its charge', async () => {
    const team = await cancelledPaidTeam(em());
    // Say the terms had given back everything, the deposit too.
    const { error } = await em()
      .service.from('registrations')
      .update({ refund_due_pence: BALANCE + DEPOSIT })
      .eq('id', team.id);
    expect(error).toBeNull();
    expect((await money(em(), team.id)).refund_left_pence).toBe(BALANCE);
    const sent = await callRefund(em(), { registration: team.id });
    expect(sent.status).toBe(200);
    expect(sent.body.rows).toEqual([expect.objectContaining({ amount_pence: BALANCE })]);
    const refused = await stripeClient(em())
      .refunds.create({ payment_intent: team.paymentIntent, amount: 1 })
      .catch((failure: unknown) => failure);
    expect(refused).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  test('a registration not cancelled, or with nothing due, is refused (409) and nothing is sent', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    expect(await callRefund(em(), { registration: team.id })).toEqual({
      status: 409,
      body: { error: 'Only a cancelled registration is refunded.' },
    });
    expect(await callRefund(em(), { registration: randomUUID() })).toMatchObject({
      status: 409,
    });
    expect(await refundRows(em(), team.id)).toEqual([]);
  });

  test('begin_refund spreads the refund over the balance payments, oldest first, and answers the same rows while they are pending', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    const { data: edition } = await em()
      .service.from('registrations')
      .select('edition_id')
      .eq('id', team.id)
      .single();
    const payments = [
      ['pi_test_first', 100_000, '2026-03-01T10:00:00Z'],
      ['pi_test_second', BALANCE - 100_000, '2026-03-02T10:00:00Z'],
    ] as const;
    for (const [intent, amount, at] of payments) {
      const { error } = await em()
        .service.from('registration_payments')
        .insert({
          registration_id: team.id,
          edition_id: edition?.edition_id ?? '',
          kind: 'balance',
          amount_pence: amount,
          payment_intent_id: intent,
          recorded_at: at,
        });
      expect(error).toBeNull();
    }
    const { error } = await em()
      .service.from('registrations')
      .update({ status: 'cancelled', refund_due_pence: 185_000 })
      .eq('id', team.id);
    expect(error).toBeNull();
    const begun = await em().service.rpc('begin_refund', { registration: team.id });
    expect(begun.error).toBeNull();
    const answer = begun.data as { outcome: string; rows: Record<string, unknown>[] };
    expect(answer.outcome).toBe('started');
    // The oldest payment gives all it has, the next the rest (the rows share one recorded_at).
    expect(answer.rows.map((row) => [row.payment_intent_id, row.amount_pence]).sort()).toEqual([
      ['pi_test_first', 100_000],
      ['pi_test_second', 85_000],
    ]);
    const again = await em().service.rpc('begin_refund', { registration: team.id });
    expect(again.data).toEqual({ ...answer, outcome: 'pending' });
    expect(await money(em(), team.id)).toMatchObject({
      refund_pending_pence: 185_000,
      refund_left_pence: 0,
      refunded_pence: 0,
      state: 'cancelled',
    });
    // A pending refund is on its way: it cannot be marked refunded by hand as well.
    const byHand = await em().admin.rpc('mark_refunded_by_hand', {
      registration: team.id,
      note: 'paid by bank transfer',
    });
    expect(byHand.error).toMatchObject({ code: 'PT409' });
  });
});
