// The standing hostile-input tests for money and places (issue 20): signed Stripe events that are
// not the deposit, payments for a registration that no longer holds a place, and one machine
// trying to make the rally look full. Each failed before the payment checks of issue 20: the webhook
// marked any signed completed session paid, a lapsed or cancelled registration still took a
// place, an event without data.object answered 500, and every unpaid registration held a place
// for 30 minutes. Events are signed as the emulator's test-mode page signs them and posted to the
// stripe-webhook Edge Function under Deno. Runs on PGlite and on PostgreSQL 15.
//
// A registration's network is the address the test emulator takes from its trusted test header
// (TEST_CLIENT_ADDRESS_HEADER), as the platform's own address would be in production.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_STRIPE_WEBHOOK_SECRET, TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { checkoutCompletedEvent, stripeSignature } from '../support/stripe-events';
import { EDITION_DEFAULTS } from '../../src/config/site-defaults';
import type { Row } from '../../src/data/types';
import { caughtMail, http, setupTestEmulator } from './harness';
import { payOnPage } from './team-page-support';

const em = setupTestEmulator({ trustTestClientAddress: true });

/** Room for every registration this file makes; the tests about a full rally narrow it. */
const ROOMY = 1000;
beforeAll(async () => {
  await setCapacity(ROOMY);
});

let networks = 0;
/** A network of its own (198.18.0.0/15, for tests): only a network's first registration in an hour holds a place. */
const someNetwork = () => {
  networks += 1;
  return `198.18.${networks >> 8}.${networks & 255}`;
};

/** A registration from `network` (a fresh one unless given); answers its reference and email. */
async function register(network = someNetwork(), email = `${randomUUID()}@example.org`) {
  const { data, error, status } = await em()
    .anon.rpc('submit_registration', {
      lead_driver_name: 'Hostile Payer',
      lead_driver_email: email,
      lead_driver_phone: '07700 900123',
      accept_terms: true,
    })
    .setHeader(TEST_CLIENT_ADDRESS_HEADER, network);
  return { reference: data ?? '', email, error, status };
}

/** The seed's deposit in pence: the current edition's, which this file never changes. */
const DEPOSIT_PENCE = EDITION_DEFAULTS.deposit;

type Session = ReturnType<typeof checkoutCompletedEvent>['data']['object'];

/** A signed checkout event for the registration, with the session's fields as given. */
function event(reference: string, email: string, session: Partial<Session> = {}, type?: string) {
  const completed = checkoutCompletedEvent(reference, email, { amount: DEPOSIT_PENCE });
  return {
    ...completed,
    type: type ?? completed.type,
    data: { object: { ...completed.data.object, ...session } },
  };
}

async function deliver(body: unknown) {
  const payload = JSON.stringify(body);
  const answer = await http(em(), '/functions/v1/stripe-webhook', {
    method: 'POST',
    key: '',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(
        payload,
        LOCAL_STRIPE_WEBHOOK_SECRET,
        Math.floor(Date.now() / 1000),
      ),
    },
    body: payload,
  });
  return { status: answer.status, outcome: (answer.json() as { outcome?: string }).outcome };
}

async function registration(id: string): Promise<Row<'registrations'>> {
  const { data, error } = await em()
    .service.from('registrations')
    .select('*')
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function exceptions(id: string): Promise<Row<'payment_exceptions'>[]> {
  const { data, error } = await em()
    .service.from('payment_exceptions')
    .select('*')
    .eq('registration_id', id);
  if (error) throw new Error(error.message);
  return data;
}

async function places() {
  const { data, error } = await em().anon.rpc('rally_places').single();
  if (error) throw new Error(error.message);
  return data;
}

/** The current edition's capacity (public.editions). */
async function setCapacity(value: number) {
  const { error } = await em()
    .service.from('editions')
    .update({ capacity: value })
    .eq('is_current', true);
  expect(error).toBeNull();
}

/** Moves a registration's creation back, as if the visitor had left to pay that long ago. */
async function age(id: string, minutes: number) {
  const { error } = await em()
    .service.from('registrations')
    .update({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .eq('id', id);
  expect(error).toBeNull();
}

const receipts = async (email: string) =>
  (await caughtMail(em(), email)).filter((mail) => mail.subject.startsWith('Deposit received'));

describe(
  'a signed event is the deposit only when it pays £250 in pounds, once',
  { timeout: 60_000 },
  () => {
    const cases: { name: string; session: Partial<Session>; type?: string; reason: string }[] = [
      { name: '£1', session: { amount_total: 100 }, reason: 'amount' },
      { name: '¥25,000', session: { amount_total: 25_000, currency: 'jpy' }, reason: 'currency' },
      {
        name: 'amount_total null (mode setup)',
        session: {
          amount_total: null as unknown as number,
          mode: 'setup',
          payment_status: 'no_payment_required',
        },
        reason: 'mode',
      },
      {
        name: 'a 100% promotion code (payment_status no_payment_required)',
        session: { amount_total: 0, payment_status: 'no_payment_required' },
        reason: 'not-paid',
      },
      { name: 'mode subscription', session: { mode: 'subscription' }, reason: 'mode' },
      {
        name: 'a bank debit that succeeds later for £1',
        session: { amount_total: 100 },
        type: 'checkout.session.async_payment_succeeded',
        reason: 'amount',
      },
    ];

    test.each(cases)(
      '$name: answered 200 "mismatch", not paid, recorded for the organiser',
      async ({ session, type, reason }) => {
        const { reference, email } = await register();
        const answer = await deliver(event(reference, email, session, type));
        expect(answer).toEqual({ status: 200, outcome: 'mismatch' });
        expect(await registration(reference)).toMatchObject({
          deposit_status: 'pending',
          deposit_amount: null,
          payment_exception: reason,
        });
        const [recorded, ...more] = await exceptions(reference);
        expect(more).toEqual([]);
        expect(recorded).toMatchObject({
          reason,
          expected_amount: DEPOSIT_PENCE,
          amount: 'amount_total' in session ? session.amount_total : DEPOSIT_PENCE,
          currency: session.currency ?? 'gbp',
          resolution: null,
        });
        // The visitor's page says a payment arrived that could not be applied.
        expect((await em().anon.rpc('deposit_status', { reference })).data).toBe('exception');
        expect(await receipts(email)).toEqual([]);
      },
    );

    test('a replayed mismatch is recorded once; a replayed payment changes nothing', async () => {
      const { reference, email } = await register();
      const wrong = event(reference, email, { amount_total: 100 });
      expect((await deliver(wrong)).outcome).toBe('mismatch');
      expect((await deliver(wrong)).outcome).toBe('replayed');
      expect(await exceptions(reference)).toHaveLength(1);

      const right = event(reference, email);
      expect((await deliver(right)).outcome).toBe('paid');
      const paid = await registration(reference);
      expect(paid).toMatchObject({ deposit_status: 'paid', deposit_amount: DEPOSIT_PENCE });
      expect((await deliver(right)).outcome).toBe('replayed');
      expect(await registration(reference)).toEqual(paid);
      expect(await receipts(email)).toHaveLength(1);
    });

    test('a second payment for a paid registration is recorded as refund due, and counts once', async () => {
      const { reference, email } = await register();
      expect((await deliver(event(reference, email))).outcome).toBe('paid');
      const paid = await registration(reference);
      expect((await deliver(event(reference, email))).outcome).toBe('already-paid');
      expect(await registration(reference)).toMatchObject({
        deposit_status: 'paid',
        deposit_amount: DEPOSIT_PENCE,
        payment_id: paid.payment_id,
        deposit_paid_at: paid.deposit_paid_at,
        payment_exception: 'duplicate',
      });
      expect(await exceptions(reference)).toMatchObject([
        { reason: 'duplicate', resolution: 'refund-due' },
      ]);
      expect(await receipts(email)).toHaveLength(1);
    });

    test('a payment with an unknown reference is recorded without a registration', async () => {
      const reference = randomUUID();
      expect((await deliver(event(reference, 'nobody@example.org'))).outcome).toBe('unknown');
      const { data } = await em()
        .service.from('payment_exceptions')
        .select('*')
        .eq('reference', reference);
      expect(data).toMatchObject([
        { registration_id: null, reason: 'unknown-reference', amount: DEPOSIT_PENCE },
      ]);
    });

    test('a bank debit: the completed session waits unpaid, the later success pays', async () => {
      const { reference, email } = await register();
      const waiting = await deliver(event(reference, email, { payment_status: 'unpaid' }));
      expect(waiting.outcome).toBe('awaiting-payment');
      expect((await registration(reference)).deposit_status).toBe('pending');
      const succeeded = event(
        reference,
        email,
        { payment_status: 'paid' },
        'checkout.session.async_payment_succeeded',
      );
      expect((await deliver(succeeded)).outcome).toBe('paid');
      expect(await exceptions(reference)).toEqual([]);
    });
  },
);

describe('an event without its session', { timeout: 60_000 }, () => {
  test.each([
    ['missing', { id: `evt_${randomUUID()}`, type: 'checkout.session.completed', created: 1 }],
    [
      'not an object',
      {
        id: `evt_${randomUUID()}`,
        type: 'checkout.session.completed',
        created: 1,
        data: { object: 'cs_test' },
      },
    ],
    [
      'null',
      {
        id: `evt_${randomUUID()}`,
        type: 'checkout.session.completed',
        created: 1,
        data: { object: null },
      },
    ],
  ])('data.object %s: answered 400, not 500', async (_, body) => {
    expect((await deliver({ object: 'event', ...body })).status).toBe(400);
  });
});

describe('a payment never takes a place that is no longer there', { timeout: 60_000 }, () => {
  test('oversell: A lapses, B takes the last place and pays, A pays: A is refunded, not counted', async () => {
    const a = await register();
    // A left to pay 31 minutes ago: its hold lapsed (under the old 30-minute hold too).
    await age(a.reference, 31);
    const base = (await places()).taken;
    await setCapacity(base + 1);
    try {
      const b = await register();
      expect(b.status).toBe(200);
      expect(await places()).toMatchObject({ taken: base + 1, remaining: 0 });
      expect((await deliver(event(b.reference, b.email))).outcome).toBe('paid');

      expect(await deliver(event(a.reference, a.email))).toEqual({
        status: 200,
        outcome: 'no-place',
      });
      expect(await places()).toMatchObject({ taken: base + 1, remaining: 0 });
      expect(await registration(a.reference)).toMatchObject({
        deposit_status: 'pending',
        payment_exception: 'no-place',
      });
      expect(await exceptions(a.reference)).toMatchObject([
        { reason: 'no-place', resolution: 'refund-due', amount: DEPOSIT_PENCE },
      ]);
      expect(await receipts(a.email)).toEqual([]);
    } finally {
      await setCapacity(ROOMY);
    }
  });

  test('a lapsed registration that pays while a place is free takes it', async () => {
    const a = await register();
    await age(a.reference, 31);
    expect((await deliver(event(a.reference, a.email))).outcome).toBe('paid');
    expect(await exceptions(a.reference)).toEqual([]);
  });

  test('a cancelled registration that pays is not marked paid: refund due', async () => {
    const { reference, email } = await register();
    await em().service.from('registrations').update({ status: 'cancelled' }).eq('id', reference);
    const taken = (await places()).taken;
    expect(await deliver(event(reference, email))).toEqual({ status: 200, outcome: 'cancelled' });
    expect(await registration(reference)).toMatchObject({
      deposit_status: 'pending',
      payment_exception: 'cancelled',
    });
    expect(await exceptions(reference)).toMatchObject([
      { reason: 'cancelled', resolution: 'refund-due' },
    ]);
    expect((await places()).taken).toBe(taken);
    expect(await receipts(email)).toEqual([]);
  });
});

describe('one machine cannot make the rally look full', { timeout: 60_000 }, () => {
  test('twelve registrations from one network hold at most one place', async () => {
    const network = someNetwork();
    const before = await places();
    await setCapacity(before.taken + 12);
    try {
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await register(network));
      const stored = answers.filter((answer) => answer.status === 200);
      // The per-network rate limit stops the last two (10 an hour); the first holds a place.
      expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(200), 429, 429]);
      expect(await places()).toMatchObject({ taken: before.taken + 1, remaining: 11 });
      const rows = await Promise.all(stored.map((answer) => registration(answer.reference)));
      expect(rows.map((row) => row.holds_place)).toEqual([true, ...Array(9).fill(false)]);
      expect(new Set(rows.map((row) => row.client_ip))).toEqual(new Set([network]));

      // A later one holds nothing but may still pay, and then has its place.
      const later = stored[5];
      if (!later) throw new Error('no sixth registration');
      expect((await deliver(event(later.reference, later.email))).outcome).toBe('paid');
      expect((await places()).taken).toBe(before.taken + 2);
    } finally {
      await setCapacity(ROOMY);
    }
  });

  test('an unpaid place is held for 5 minutes', async () => {
    const { reference } = await register();
    const taken = (await places()).taken;
    await age(reference, 4.9);
    expect((await places()).taken).toBe(taken);
    await age(reference, 5.1);
    expect((await places()).taken).toBe(taken - 1);
  });
});

describe('balance events through the webhook (issue 23)', { timeout: 60_000 }, () => {
  /** A registration with its deposit paid through the webhook; answers it with what it owes. */
  async function owing() {
    const team = await register();
    expect((await deliver(event(team.reference, team.email))).outcome).toBe('paid');
    return { ...team, balance: (await statement(team.reference)).balance_pence };
  }

  async function statement(id: string) {
    const { data, error } = await em().admin.rpc('registration_money', { registration: id });
    expect(error).toBeNull();
    return data as { state: string; balance_pence: number; paid_pence: number };
  }

  async function ledger(id: string) {
    const { data, error } = await em()
      .service.from('registration_payments')
      .select('kind, amount_pence')
      .eq('registration_id', id)
      .order('kind', { ascending: false });
    expect(error).toBeNull();
    return data;
  }

  const balanceReceipts = async (email: string) =>
    (await caughtMail(em(), email)).filter((mail) => mail.subject.startsWith('Balance received'));

  /** A signed balance event for the team, with the session's fields as given. */
  const balanceEvent = (
    team: { reference: string; email: string; balance: number },
    session: Partial<Session> = {},
  ) =>
    event(team.reference, team.email, {
      amount_total: team.balance,
      metadata: { kind: 'balance', registration_id: team.reference },
      ...session,
    } as Partial<Session>);

  test('forged: a balance event signed with another secret is refused (400), nothing recorded', async () => {
    const team = await owing();
    const payload = JSON.stringify(balanceEvent(team));
    const answer = await http(em(), '/functions/v1/stripe-webhook', {
      method: 'POST',
      key: '',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(
          payload,
          'whsec_somebody_else',
          Math.floor(Date.now() / 1000),
        ),
      },
      body: payload,
    });
    expect(answer.status).toBe(400);
    expect(await ledger(team.reference)).toEqual([
      { kind: 'deposit', amount_pence: DEPOSIT_PENCE },
    ]);
    expect((await statement(team.reference)).paid_pence).toBe(DEPOSIT_PENCE);
    expect(await balanceReceipts(team.email)).toEqual([]);
  });

  test('replayed: the stand-in sending a paid balance event again changes nothing', async () => {
    const team = await owing();
    const { data: secret } = await em().service.rpc('issue_team_link', {
      registration: team.reference,
    });
    const started = await http(em(), '/functions/v1/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ kind: 'balance', secret }),
    });
    const { url } = started.json() as { url: string };
    expect((await payOnPage(url)).status).toBe(303);
    expect((await statement(team.reference)).state).toBe('paid in full');
    const listed = await http(em(), '/local/stripe/events', { key: em().serviceKey });
    const sent = (listed.json() as { id: string; data: { object: { id: string } } }[]).find(
      (stored) => url.endsWith(`/${stored.data.object.id}`),
    );
    const resent = await http(em(), `/local/stripe/events/${sent?.id}/resend`, {
      method: 'POST',
      key: em().serviceKey,
    });
    expect(resent.status).toBe(200);
    const again = await http(em(), '/local/stripe/events', { key: em().serviceKey });
    const replayed = (
      again.json() as { id: string; deliveries: { status: number; body?: string }[] }[]
    ).find((stored) => stored.id === sent?.id);
    expect(replayed?.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await ledger(team.reference)).toEqual([
      { kind: 'deposit', amount_pence: DEPOSIT_PENCE },
      { kind: 'balance', amount_pence: team.balance },
    ]);
    expect(await balanceReceipts(team.email)).toHaveLength(1);
  });

  test.each([
    {
      name: 'wrong amount (£1 short)',
      change: (balance: number) => ({ amount_total: balance - 100 }),
      reason: 'amount',
    },
    { name: 'wrong currency (euros)', change: () => ({ currency: 'eur' }), reason: 'currency' },
  ])(
    '$name: answered 200 "mismatch", kept for the organiser, not applied',
    async ({ change, reason }) => {
      const team = await owing();
      expect(await deliver(balanceEvent(team, change(team.balance)))).toEqual({
        status: 200,
        outcome: 'mismatch',
      });
      expect(await ledger(team.reference)).toEqual([
        { kind: 'deposit', amount_pence: DEPOSIT_PENCE },
      ]);
      expect((await statement(team.reference)).balance_pence).toBe(team.balance);
      expect(await exceptions(team.reference)).toMatchObject([
        { kind: 'balance', reason, expected_amount: team.balance },
      ]);
      expect(await balanceReceipts(team.email)).toEqual([]);
    },
  );
});
