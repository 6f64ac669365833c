// Issue 23's Edge Functions under Deno, with the REAL stripe client and the emulator's Stripe
// stand-in: `checkout` makes a Checkout Session for what the database says is owed (the deposit,
// the balance: price + supplement − paid) whatever the browser sends; paying it on the stand-in's
// test-mode page reaches `stripe-webhook`, which records it in the ledger and sends one receipt
// with a working link to the team's page; `participant-emails`, run by its cron job at pinned
// minutes, sends the balance reminders 14 and 3 days before the due date and the overdue notice
// the day after, each once and never to a team that has paid; "Email me my link" sends one link
// that opens the page. The database's day is pinned to 20 March 2026, 94 days before the 2026
// edition starts. Runs on PGlite and on PostgreSQL 15.
import Stripe from 'stripe';
import { beforeAll, describe, expect, test } from 'vitest';
import { functionEnv, LOCAL_STRIPE_SECRET_KEY } from '../../supabase/emulator';
import { listRegistrationPayments } from '../../src/data/inbox';
import { caughtMail, http, setupTestEmulator } from './harness';
import {
  BALANCE,
  DEPOSIT,
  money,
  payBalance,
  payDeposit,
  payOnPage,
  PRICE,
  register,
  setEdition,
  teamLink,
} from './team-page-support';

const DAY = '2026-03-20';
const SITE_URL = 'http://127.0.0.1:4181';
const SUPPLEMENT = 40_000;
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY, siteUrl: SITE_URL });

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000, separate_rooms_supplement: SUPPLEMENT });
});

/** The client as the functions build it from STRIPE_API_URL and STRIPE_SECRET_KEY. */
function stripeClient(): Stripe {
  const api = new URL(functionEnv(em().emulator.config).STRIPE_API_URL ?? '');
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

/** Calls the checkout function as the browser does (anon key); answers status and body. */
async function checkout(body: Record<string, unknown>) {
  const answer = await http(em(), '/functions/v1/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: answer.json() as { url?: string; error?: string } };
}

/** The session behind a checkout url (…/local/checkout/<cs_…>), as Stripe holds it. */
function sessionOf(url: string) {
  return stripeClient().checkout.sessions.retrieve(url.split('/').at(-1) ?? '');
}

/** The secret of the team page link in an email's text. */
function linkIn(text: string | null): string {
  const secret = new RegExp(`${SITE_URL}/my-registration/([A-Za-z0-9_-]{43})`).exec(text ?? '');
  if (!secret?.[1]) throw new Error(`No team page link in: ${text}`);
  return secret[1];
}

async function opens(secret: string): Promise<string | null> {
  const { data, error } = await em().anon.rpc('team_page', { secret });
  expect(error).toBeNull();
  return (data as { reference?: string } | null)?.reference ?? null;
}

const subjects = async (email: string) => (await caughtMail(em(), email)).map((m) => m.subject);
/** The reminders and overdue notices an address received, newest first. */
const reminders = async (email: string) =>
  (await subjects(email)).filter((subject) => subject.startsWith('Your 2026 Europe Rally balance'));

describe('checkout: a Checkout Session for what the database says is owed', () => {
  test('the balance is price + supplement − paid whatever the browser sends, one session per double click', async () => {
    const team = await register(em(), { separate_rooms: true });
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    const asked = {
      kind: 'balance',
      secret,
      amount: 1,
      amount_pence: 1,
      unit_amount: 1,
      currency: 'usd',
    };
    const first = await checkout(asked);
    expect(first.status).toBe(200);
    const session = await sessionOf(first.body.url ?? '');
    const owed = PRICE + SUPPLEMENT - DEPOSIT;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: owed,
      currency: 'gbp',
      client_reference_id: team.id,
      customer_email: team.email,
      metadata: { registration_id: team.id, kind: 'balance', edition_year: '2026' },
      success_url: `${SITE_URL}/my-registration/${secret}?paid=balance`,
      cancel_url: `${SITE_URL}/my-registration/${secret}`,
    });
    const items = await stripeClient().checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.description, item.amount_total])).toEqual([
      ['2026 Europe Rally – balance', owed],
    ]);
    // A double click: Stripe's first answer again (the Idempotency-Key), one session.
    const second = await checkout(asked);
    expect(second.body.url).toBe(first.body.url);
  });

  test('the deposit is the edition’s, and returns to /payment-success with the reference', async () => {
    const team = await register(em());
    const { status, body } = await checkout({ kind: 'deposit', reference: team.id, amount: 5 });
    expect(status).toBe(200);
    const session = await sessionOf(body.url ?? '');
    expect(session).toMatchObject({
      amount_total: DEPOSIT,
      currency: 'gbp',
      client_reference_id: team.id,
      metadata: { registration_id: team.id, kind: 'deposit' },
      success_url: `${SITE_URL}/payment-success?ref=${team.id}&session_id={CHECKOUT_SESSION_ID}`,
    });
    expect((await payOnPage(body.url ?? '')).status).toBe(303);
    expect((await money(em(), team.id)).state).toBe('deposit paid');
    const [receipt, ...others] = await caughtMail(em(), team.email);
    expect(receipt?.subject).toBe(
      'Deposit received: your place on the 2026 Europe Rally is secured',
    );
    expect(others).toEqual([]);
    expect(await opens(linkIn(receipt?.text ?? null))).toBe(team.id);
    // Paid: a second deposit session is refused.
    expect(await checkout({ kind: 'deposit', reference: team.id })).toMatchObject({
      status: 409,
      body: { error: 'The deposit for this registration has already been paid.' },
    });
  });

  test('refusals: a wrong secret 404, no deposit yet 409, nothing owed 409, a bad body 400', async () => {
    const team = await register(em());
    const secret = await teamLink(em(), team.id);
    const altered = `${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`;
    expect(await checkout({ kind: 'balance', secret: altered })).toMatchObject({
      status: 404,
      body: { error: 'We could not find that registration. Please check the link and try again.' },
    });
    expect(await checkout({ kind: 'balance', secret })).toMatchObject({
      status: 409,
      body: { error: 'The deposit must be paid before the balance.' },
    });
    await payDeposit(em(), team.id);
    await payBalance(em(), team.id);
    expect(await checkout({ kind: 'balance', secret })).toMatchObject({
      status: 409,
      body: { error: 'Nothing is owed on this registration.' },
    });
    expect((await checkout({ kind: 'balance', reference: team.id })).status).toBe(400);
    expect((await checkout({ kind: 'deposit', reference: 'not-a-uuid' })).status).toBe(400);
  });
});

describe('paying the balance on the stand-in’s checkout page', () => {
  test('reaches the webhook: the ledger shows the balance, paid in full, one receipt with a working link', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    const { body } = await checkout({ kind: 'balance', secret });
    const paid = await payOnPage(body.url ?? '');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE_URL}/my-registration/${secret}?paid=balance`);

    const ledger = await listRegistrationPayments(em().admin, team.id);
    expect(ledger.map((row) => [row.kind, row.amount_pence])).toEqual(
      expect.arrayContaining([
        ['deposit', DEPOSIT],
        ['balance', BALANCE],
      ]),
    );
    expect(ledger).toHaveLength(2);
    expect(await money(em(), team.id)).toMatchObject({ state: 'paid in full', balance_pence: 0 });
    const receipts = (await caughtMail(em(), team.email)).filter((m) =>
      m.subject.startsWith('Balance received'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('£3,700.00');
    expect(await opens(linkIn(receipts[0]?.text ?? null))).toBe(team.id);
    const { data: log } = await em()
      .service.from('email_log')
      .select('kind, status')
      .eq('registration_id', team.id);
    expect(log).toEqual([{ kind: 'balance_receipt', status: 'sent' }]);
  });
});

describe('participant-emails: the daily job', () => {
  const DUE = '2026-05-01';
  /** The cron job's run on a pinned day at 08:00 UTC, as Supabase Cron runs it. */
  async function dailyRun(day: string) {
    em().emulator.setClock(day);
    const { runs, sent } = await em().emulator.runDueJobs(`${day}T08:00:00Z`);
    expect(runs.find((run) => run.jobname === 'participant-emails')?.status).toBe('succeeded');
    const call = sent.find((request) => request.url.endsWith('/functions/v1/participant-emails'));
    expect(call?.status_code).toBe(200);
  }

  test('14 days, 3 days and overdue go once each through the function, never to a paid team', async () => {
    await setEdition(em(), { balance_due: DUE });
    try {
      const owing = await register(em());
      const paying = await register(em());
      await Promise.all([payDeposit(em(), owing.id), payDeposit(em(), paying.id)]);

      await dailyRun('2026-04-16'); // 15 days before: nothing
      expect(await reminders(owing.email)).toEqual([]);
      await dailyRun('2026-04-17'); // 14 days before
      await dailyRun('2026-04-18'); // the next day: not again
      expect(await reminders(owing.email)).toEqual([
        'Your 2026 Europe Rally balance of £3,700.00 is due in 14 days',
      ]);
      expect(await reminders(paying.email)).toHaveLength(1);
      await payBalance(em(), paying.id);
      await dailyRun('2026-04-28'); // 3 days before
      await dailyRun('2026-04-29');
      await dailyRun('2026-05-02'); // the day after: overdue
      await dailyRun('2026-05-03');
      expect(await reminders(owing.email)).toEqual([
        'Your 2026 Europe Rally balance is overdue',
        'Your 2026 Europe Rally balance of £3,700.00 is due in 3 days',
        'Your 2026 Europe Rally balance of £3,700.00 is due in 14 days',
      ]);
      const [overdue] = await caughtMail(em(), owing.email);
      expect(await opens(linkIn(overdue?.text ?? null))).toBe(owing.id);
      // The paid team had its 14 days' reminder before it paid, and nothing since.
      expect(await reminders(paying.email)).toEqual([
        'Your 2026 Europe Rally balance of £3,700.00 is due in 14 days',
      ]);
    } finally {
      em().emulator.setClock(DAY);
      await setEdition(em(), { balance_due: null });
    }
  });

  test('only the service role queues reminders; anyone else may send only the team links', async () => {
    const call = (key: string, body: Record<string, unknown>) =>
      http(em(), '/functions/v1/participant-emails', {
        method: 'POST',
        key,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    expect((await call(em().anonKey, {})).status).toBe(403);
    expect((await call(em().anonKey, { only: 'balance_overdue' })).status).toBe(403);
    expect((await call(em().anonKey, { only: 'team_link' })).json()).toEqual({ ok: true });
    const service = await call(em().serviceKey, {});
    expect(service.status).toBe(200);
    expect(service.json()).toMatchObject({ reminders_queued: 0 });
  });
});

describe('"Email me my link"', () => {
  test('the browser’s call after request_team_link sends one link, which opens the page', async () => {
    const team = await register(em());
    const { error } = await em().anon.rpc('request_team_link', { email: team.email });
    expect(error).toBeNull();
    const sent = await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'team_link' }),
    });
    expect(sent.json()).toEqual({ ok: true });
    const links = (await caughtMail(em(), team.email)).filter((m) =>
      m.subject.startsWith('Your team page'),
    );
    expect(links).toHaveLength(1);
    expect(await opens(linkIn(links[0]?.text ?? null))).toBe(team.id);
    // Calling again sends nothing more: only what is queued goes, once.
    await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'team_link' }),
    });
    expect(
      (await subjects(team.email)).filter((subject) => subject.startsWith('Your team page')),
    ).toHaveLength(1);
  });
});

describe('a cancellation’s emails', () => {
  test('the browser’s call after cancel_registration sends the team’s and the organiser’s, and nothing else', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    const { data: organiser } = await em()
      .service.from('site_settings')
      .select('value')
      .eq('key', 'contact_email')
      .single()
      .throwOnError();
    // A reminder waiting in the log is not the visitor's to send.
    const { error: queued } = await em().admin.rpc('send_reminder_now', {
      registration: team.id,
    });
    expect(queued).toBeNull();
    const { error } = await em().anon.rpc('cancel_registration', { secret });
    expect(error).toBeNull();
    const sent = await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'cancellation' }),
    });
    expect(sent.json()).toEqual({ ok: true });
    const { data: log } = await em()
      .service.from('email_log')
      .select('kind, recipient, status')
      .eq('registration_id', team.id)
      .throwOnError();
    expect(log).toEqual(
      expect.arrayContaining([
        { kind: 'cancelled_team', recipient: team.email, status: 'sent' },
        { kind: 'cancelled_organiser', recipient: organiser.value, status: 'sent' },
        { kind: 'reminder_manual', recipient: team.email, status: 'queued' },
      ]),
    );
    expect((await caughtMail(em(), organiser.value)).length).toBeGreaterThan(0);
  });
});
