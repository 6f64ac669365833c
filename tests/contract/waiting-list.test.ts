// The waiting list's database (supabase/schemas/waiting_list.sql) and its emails: joining only
// when the edition is full, with consent and the sign-up's field rules; a cancellation offering the
// freed place to the first entry and the offer's email reaching the mail catcher with its link;
// the standing offer counted as a place taken; the link registering although the edition is full
// and the deposit making the entry 'accepted'; decline and expiry (the clock pinned) handing the
// place on, the unpaid hold's lapse too; the administrators' queue; and the races: two places freed
// at once go to two entries, and concurrent hand-outs never offer one place twice. The database's
// day is pinned to 20 March 2026 (registration open). Runs on PGlite and on PostgreSQL 15 (where the
// concurrent calls are concurrent sessions).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { caughtMail, http, setupTestEmulator } from './harness';
import {
  DEPOSIT,
  payDeposit,
  recordCheckout,
  register,
  session,
  setEdition,
} from './team-page-support';
import { waitingListSupport } from './waiting-list-support';

const DAY = '2026-03-20';
const SITE_URL = 'http://127.0.0.1:4182';
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY, siteUrl: SITE_URL });
const HOUR = 3_600_000;

const {
  sql,
  startAfresh,
  places,
  fullWith,
  join,
  joined,
  entry,
  statusOf,
  offerSecret,
  registerWithOffer,
  handOut,
} = waitingListSupport(em);

beforeEach(startAfresh);
afterEach(() => {
  em().emulator.setNow(null);
});

describe('joining', () => {
  test('only when no place is left: while one is, the visitor is told to register', async () => {
    await setEdition(em(), { capacity: (await places()).taken + 1 });
    const early = await join();
    expect(early.error?.code).toBe('PT409');
    expect(early.error?.details).toBe('places-left');
    expect(early.error?.message).toMatch(/register/);
    expect(await entry(early.email)).toBeUndefined();
  });

  test('the sign-up’s field rules and refusal shape, and consent to a known wording', async () => {
    await fullWith(0);
    for (const [changes, field] of [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: '12' }, 'phone'],
      [{ consent_version: null }, 'consent'],
      [{ consent_version: '' }, 'consent'],
      [{ consent_version: 'waiting-list-1999-01' }, 'consent'],
    ] as const) {
      const refused = await join(changes);
      expect(refused.error?.code, field).toBe('PT400');
      expect(refused.error?.details, JSON.stringify(changes)).toBe(field);
    }
  });

  test('in order; the same address again answers its place, with no second entry', async () => {
    await fullWith(0);
    const [first, second] = await joined(2);
    expect(first?.data).toEqual({ position: 1, status: 'waiting' });
    expect(second?.data).toEqual({ position: 2, status: 'waiting' });
    const again = await join({ email: (second?.email ?? '').toUpperCase() });
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ position: 2, status: 'waiting' });
    const rows = await sql<{ count: number }>(
      `select count(*)::integer as count from public.waiting_list_entries where lower(email) = $1`,
      [second?.email],
    );
    expect(rows[0]?.count).toBe(1);
    const log = await sql<{ kind: string; recipient: string }>(
      `select kind, recipient from public.email_log where recipient = $1`,
      [second?.email],
    );
    expect(log).toEqual([{ kind: 'waiting_list_joined', recipient: second?.email }]);
  });
  test('the page’s call after joining sends the acknowledgement with the place in the queue', async () => {
    await fullWith(0);
    const [person] = await joined(1);
    const sent = await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'waiting_list' }),
    });
    expect(sent.json()).toEqual({ ok: true });
    const [mail] = await caughtMail(em(), person?.email ?? '');
    expect(mail?.subject).toBe('You are on the waiting list for the 2026 Europe Rally');
    expect(mail?.text).toContain('number 1 in the queue');
  });
});

describe('a freed place', () => {
  test('a cancellation offers it to the first entry, the email brings the link, and the link registers although full', async () => {
    const [team] = await fullWith(1);
    const [first, second] = await joined(2);
    const taken = (await places()).taken;

    const cancelled = await em().anon.rpc('cancel_registration', { secret: team?.secret ?? '' });
    expect((cancelled.data as { outcome: string }).outcome).toBe('cancelled');
    const offer = await entry(first?.email ?? '');
    expect(offer?.status).toBe('offered');
    expect(Date.parse(offer?.offer_expires_at ?? '') - Date.parse(offer?.offered_at ?? '')).toBe(
      48 * HOUR,
    );
    expect(await statusOf(second?.email ?? '')).toBe('waiting');
    // The standing offer is the freed place, taken.
    expect(await places()).toMatchObject({ taken, remaining: 0 });

    // The team's page asks for the cancellation's emails; the offer goes with them.
    const sent = await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'cancellation' }),
    });
    expect(sent.json()).toEqual({ ok: true });
    const [mail] = await caughtMail(em(), first?.email ?? '');
    expect(mail?.subject).toBe('A place is free for you on the 2026 Europe Rally');
    const secret =
      new RegExp(`${SITE_URL}/sign-up/offer/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1] ?? '';
    expect(secret).not.toBe('');
    expect(mail?.text).toContain('Dear Wendy Waiter,');

    const { data: facts } = await em().anon.rpc('waiting_list_offer', { secret });
    expect(facts).toMatchObject({
      edition_year: 2026,
      edition_name: '2026 Europe Rally',
      name: 'Wendy Waiter',
      email: first?.email,
      phone: '07700 900456',
      status: 'offered',
    });

    // Anyone else finds the rally full; the offer's holder registers.
    const other = await em()
      .anon.rpc('submit_registration', {
        lead_driver_name: 'Late Comer',
        lead_driver_email: `late.${randomUUID()}@example.org`,
        lead_driver_phone: '07700 900789',
        accept_terms: true,
      })
      .setHeader(TEST_CLIENT_ADDRESS_HEADER, '198.16.0.1');
    expect(other.error?.details).toBe('places');
    const registered = await registerWithOffer(secret, first?.email);
    expect(registered.error).toBeNull();
    const registration = registered.data ?? '';
    expect((await entry(first?.email ?? ''))?.registration_id).toBe(registration);
    // Counted once: the offer holds the registration's place.
    expect(await places()).toMatchObject({ taken, remaining: 0 });
    // Its confirmation says the offer holds the place until it expires (not "if a place is still free").
    const delivered = await http(em(), '/functions/v1/submission-delivery', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ kind: 'registration', id: registration }),
    });
    expect(delivered.json()).toMatchObject({ email: 'sent' });
    const confirmation = (await caughtMail(em(), first?.email ?? '')).find(
      (each) => each.subject === 'Your 2026 Europe Rally registration',
    );
    expect(confirmation?.text).toMatch(
      /Your place from the waiting list is held until \d{1,2} \w+ 2026 at \d{2}:\d{2} (GMT|BST) while you pay the £250 deposit/,
    );
    // Used: the link opens nothing more, and registers nothing more.
    expect((await em().anon.rpc('waiting_list_offer', { secret })).data).toBeNull();
    expect((await registerWithOffer(secret)).error?.details).toBe('offer');

    await payDeposit(em(), registration);
    expect(await statusOf(first?.email ?? '')).toBe('accepted');
    expect(await places()).toMatchObject({ taken, remaining: 0 });
    expect(await statusOf(second?.email ?? '')).toBe('waiting');
  });

  test('declining hands the place to the next entry', async () => {
    const [team] = await fullWith(1);
    const [first, second] = await joined(2);
    await em().anon.rpc('cancel_registration', { secret: team?.secret ?? '' });
    const secret = await offerSecret(first?.email ?? '');
    expect((await em().anon.rpc('decline_waiting_list_offer', { secret })).data).toBe(true);
    expect(await statusOf(first?.email ?? '')).toBe('declined');
    expect(await statusOf(second?.email ?? '')).toBe('offered');
    expect((await em().anon.rpc('decline_waiting_list_offer', { secret })).data).toBe(false);
    expect((await places()).remaining).toBe(0);
  });

  test('an offer not taken up expires after its hours and passes to the next entry (clock pinned)', async () => {
    const [team] = await fullWith(1);
    await setEdition(em(), { waiting_list_offer_hours: 2 });
    const [first, second] = await joined(2);
    const start = Date.now();
    em().emulator.setNow(new Date(start).toISOString());
    await em().anon.rpc('cancel_registration', { secret: team?.secret ?? '' });
    const secret = await offerSecret(first?.email ?? '');
    expect(await statusOf(first?.email ?? '')).toBe('offered');

    // 1 h 59 min later it still stands.
    em().emulator.setNow(new Date(start + 2 * HOUR - 60_000).toISOString());
    expect((await handOut()).data).toMatchObject({ offered: 0 });
    expect(await statusOf(first?.email ?? '')).toBe('offered');
    expect((await em().anon.rpc('waiting_list_offer', { secret })).data).not.toBeNull();

    // The 'waiting-list' job at 2 h 5 min: the offer has lapsed and the place goes on, by email.
    const at = new Date(Math.ceil((start + 2 * HOUR) / (5 * 60_000)) * 5 * 60_000 + 1000);
    const { runs } = await em().emulator.runDueJobs(at.toISOString());
    expect(runs.filter((run) => run.jobname === 'waiting-list')).toMatchObject([
      { status: 'succeeded' },
    ]);
    expect(await statusOf(first?.email ?? '')).toBe('expired');
    expect(await statusOf(second?.email ?? '')).toBe('offered');
    expect((await em().anon.rpc('waiting_list_offer', { secret })).data).toBeNull();
    expect((await registerWithOffer(secret)).error?.details).toBe('offer');
    await expect
      .poll(async () => (await caughtMail(em(), second?.email ?? '')).map((m) => m.subject), {
        timeout: 10_000,
      })
      .toContain('A place is free for you on the 2026 Europe Rally');
    await setEdition(em(), { waiting_list_offer_hours: 48 });
  });

  test('a deposit paid after the offer lapsed and the place went on is the no-place exception', async () => {
    const [team] = await fullWith(1);
    const [first, second] = await joined(2);
    await em().anon.rpc('cancel_registration', { secret: team?.secret ?? '' });
    const registered = await registerWithOffer(await offerSecret(first?.email ?? ''));
    expect(registered.error).toBeNull();
    em().emulator.setNow(new Date(Date.now() + 49 * HOUR).toISOString());
    expect((await handOut()).data).toMatchObject({ offered: 1 });
    expect(await statusOf(first?.email ?? '')).toBe('expired');
    expect(await statusOf(second?.email ?? '')).toBe('offered');

    const paid = await recordCheckout(em(), session(registered.data ?? '', 'deposit', DEPOSIT));
    expect(paid?.outcome).toBe('no-place');
    expect(await statusOf(first?.email ?? '')).toBe('expired');
    expect((await places()).remaining).toBe(0);
  });

  test('an unpaid hold that lapses frees its place for the first entry (clock pinned)', async () => {
    await fullWith(0);
    await setEdition(em(), { capacity: (await places()).taken + 1 });
    const start = Date.now();
    await register(em());
    expect((await places()).remaining).toBe(0);
    const [first] = await joined(1);
    expect((await handOut()).data).toMatchObject({ offered: 0 });
    em().emulator.setNow(new Date(start + 6 * 60_000).toISOString());
    expect((await handOut()).data).toMatchObject({ offered: 1 });
    expect(await statusOf(first?.email ?? '')).toBe('offered');
    expect((await places()).remaining).toBe(0);
  });
});

describe('the administrators’ queue', () => {
  const edition = async () =>
    (await sql<{ id: string }>(`select id from public.editions where is_current`))[0]?.id ?? '';

  test('the queue with positions; offer the next place by hand, only when one is free; withdraw', async () => {
    await fullWith(0);
    const [first, second, third] = await joined(3);
    const id = await edition();
    const refused = await em().admin.rpc('offer_next_place', { edition: id });
    expect(refused.error?.code).toBe('PT409');
    expect(refused.error?.message).toBe(
      'No place is free in the 2026 Europe Rally: an offer needs a free place.',
    );

    // A place added while registration is open: the organiser need not wait for the job.
    await setEdition(em(), { capacity: (await places()).capacity + 1 });
    const offered = await em().admin.rpc('offer_next_place', { edition: id });
    expect(offered.error).toBeNull();
    expect(await statusOf(first?.email ?? '')).toBe('offered');

    const { data: queue } = await em().admin.rpc('waiting_list', { edition: id });
    const live = (queue ?? []).filter((row) => ['waiting', 'offered'].includes(row.status));
    expect(live.map((row) => [row.email, row.status, row.position])).toEqual([
      [first?.email, 'offered', null],
      [second?.email, 'waiting', 1],
      [third?.email, 'waiting', 2],
    ]);

    // Removing the entry that holds the offer passes the place on.
    const withdrawn = await em().admin.rpc('withdraw_waiting_list_entry', {
      entry: offered.data ?? '',
    });
    expect(withdrawn.error).toBeNull();
    expect(await statusOf(first?.email ?? '')).toBe('withdrawn');
    expect(await statusOf(second?.email ?? '')).toBe('offered');
    const audit = await sql<{ action: string; changed_columns: string[] }>(
      `select action, changed_columns from public.audit_log
       where table_name = 'waiting_list_entries' and row_id = $1 order by at`,
      [offered.data],
    );
    expect(audit.map((row) => row.changed_columns)).toEqual([
      ['offer_expires_at', 'offered_at', 'status'],
      ['status'],
    ]);
  });

  test('not for anyone else', async () => {
    const id = await edition();
    for (const client of [em().anon, em().visitor]) {
      for (const call of [
        client.rpc('waiting_list', { edition: id }),
        client.rpc('offer_next_place', { edition: id }),
        client.rpc('withdraw_waiting_list_entry', { entry: randomUUID() }),
      ]) {
        const { error } = await call;
        expect(['42501', 'PGRST202']).toContain(error?.code);
      }
    }
  });
});

describe('races', () => {
  test('two places freed at once go to two different entries', async () => {
    const teams = await fullWith(2);
    const people = await joined(3);
    const cancelled = await Promise.all(
      teams.map((team) => em().anon.rpc('cancel_registration', { secret: team.secret })),
    );
    for (const answer of cancelled) expect(answer.error).toBeNull();
    const statuses = await Promise.all(people.map((person) => statusOf(person.email)));
    expect(statuses).toEqual(['offered', 'offered', 'waiting']);
    expect((await places()).remaining).toBe(0);
    const log = await sql<{ recipient: string }>(
      `select recipient from public.email_log where kind = 'waiting_list_offer'
         and recipient = any($1) order by recipient`,
      [people.map((person) => person.email)],
    );
    expect(log.map((row) => row.recipient)).toEqual(
      people
        .slice(0, 2)
        .map((person) => person.email)
        .sort(),
    );
  });

  test('concurrent hand-outs never offer one place twice', async () => {
    await fullWith(0);
    const people = await joined(4);
    await setEdition(em(), { capacity: (await places()).capacity + 1 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => handOut()));
    const offered = answers.map((answer) => (answer.data as { offered: number }).offered);
    expect(offered.reduce((sum, count) => sum + count, 0)).toBe(1);
    const statuses = await Promise.all(people.map((person) => statusOf(person.email)));
    expect(statuses).toEqual(['offered', 'waiting', 'waiting', 'waiting']);
    expect((await places()).remaining).toBe(0);
  });
});

describe('an entry without the form’s facts', () => {
  test('is refused unless the old newsletter box made it, which asked for an address alone', async () => {
    const bare = `bare.${randomUUID()}@example.org`;
    await expect(
      sql(`insert into public.waiting_list_entries (email) values ($1)`, [bare]),
    ).rejects.toThrow(/waiting_list_entries_form_facts/);
    await sql(
      `insert into public.waiting_list_entries (email, joined_by, status)
         values ($1, 'newsletter-box', 'withdrawn')`,
      [bare],
    );
    expect(await statusOf(bare)).toBe('withdrawn');
  });
});
