// Mailings (issue 26, supabase/schemas/mailings.sql, the `mailings` function): who each audience is
// (an edition's teams by their money state, never a cancelled one, co-drivers included, each
// address once; the waiting list's waiting and offered entries), the count the screen shows, the
// sending in batches with a log per recipient, a send interrupted mid-batch and resumed reaching
// nobody twice, the local catcher honouring Idempotency-Key as Resend does, "Send test to me",
// and the marketing audience: confirmed subscribers only, each email with its own unsubscribe link
// and RFC 8058 headers, whose one-click POST takes the person out of the next mailing.
// Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { caughtMail, http, setupTestEmulator, TEST_ADMIN } from './harness';
import { mailingsSupport } from './mailings-support';
import { payBalance, payDeposit, register, setEdition } from './team-page-support';

const em = setupTestEmulator({ trustTestClientAddress: true });
const { currentEdition, draft, batch, sendAll, recipients, caughtPerAddress } = mailingsSupport(em);

async function sql<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
  return (await em().emulator.db.query<Row>(text, params)).rows;
}

/** A post to the catcher's email API as a function makes it. */
function postEmail(body: Record<string, unknown>, key?: string) {
  return http(em(), '/local/mail/api/emails', {
    method: 'POST',
    key: '',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${em().emulator.config.emailApiKey}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('the catcher honours Idempotency-Key as Resend does', () => {
  const email = (to: string, subject: string) => ({
    from: 'Europe Rally <hello@europerally.example>',
    to: [to],
    subject,
    text: 'Hello',
  });

  test('a repeat answers the first id and delivers nothing; another payload is refused', async () => {
    const to = `idempotent.${randomUUID()}@example.org`;
    const key = randomUUID();
    const first = await postEmail(email(to, 'Once'), key);
    const again = await postEmail(email(to, 'Once'), key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await postEmail(email(to, 'Changed'), key);
    expect(changed.status).toBe(409);
    expect(changed.json()).toMatchObject({ name: 'invalid_idempotent_request' });
    expect((await caughtMail(em(), to)).map((mail) => mail.subject)).toEqual(['Once']);
  });

  test('without a key each post is delivered; a refused post leaves its key free', async () => {
    const to = `plain.${randomUUID()}@example.org`;
    await postEmail(email(to, 'Twice'));
    await postEmail(email(to, 'Twice'));
    expect(await caughtMail(em(), to)).toHaveLength(2);
    const key = randomUUID();
    const refused = await postEmail({ ...email(to, 'Fixed'), to: ['not an address'] }, key);
    expect(refused.status).toBe(422);
    expect((await postEmail(email(to, 'Fixed'), key)).status).toBe(200);
    expect((await postEmail(email(to, 'Long'), 'k'.repeat(257))).status).toBe(400);
  });
});

describe('audiences of an edition', () => {
  const teams = { awaiting: '', deposit: '', full: '', cancelled: '', coDriver: '' };
  const addresses = { awaiting: '', deposit: '', full: '', cancelled: '', coDriver: '' };

  beforeAll(async () => {
    await setEdition(em(), { capacity: 1000 });
    // Every team of the edition starts cancelled, so each audience holds only this file's.
    await sql(`update public.registrations set status = 'cancelled'`);
    await sql(`update public.waiting_list_entries set status = 'withdrawn'`);
    const awaiting = await register(em());
    addresses.coDriver = `co.${randomUUID()}@example.org`;
    // The deposit-paid team's co-driver is the awaiting team's lead, written in capitals: one
    // address, one email.
    const deposit = await register(em(), {
      co_driver_name: 'Cora Driver',
      co_driver_email: addresses.coDriver,
    });
    const full = await register(em(), {
      co_driver_name: 'Same Person',
      co_driver_email: awaiting.email.toUpperCase(),
    });
    const cancelled = await register(em());
    await payDeposit(em(), deposit.id);
    await payDeposit(em(), full.id);
    await payBalance(em(), full.id);
    await payDeposit(em(), cancelled.id);
    await sql(`update public.registrations set status = 'cancelled' where id = $1`, [cancelled.id]);
    Object.assign(teams, {
      awaiting: awaiting.id,
      deposit: deposit.id,
      full: full.id,
      cancelled: cancelled.id,
    });
    Object.assign(addresses, {
      awaiting: awaiting.email,
      deposit: deposit.email,
      full: full.email,
      cancelled: cancelled.email,
    });
  });

  test.each([
    ['teams', ['awaiting', 'deposit', 'coDriver', 'full']],
    ['teams-deposit-paid', ['deposit', 'coDriver', 'full', 'awaiting']],
    ['teams-balance-due', ['deposit', 'coDriver']],
    ['teams-paid-in-full', ['full', 'awaiting']],
  ] as const)('%s: the count, then the snapshot, one row per address', async (audience, who) => {
    const edition = await currentEdition();
    const { data: count, error } = await em().admin.rpc('mailing_recipient_count', {
      audience,
      edition,
    });
    expect(error).toBeNull();
    const mailing = await draft(audience);
    const { data: snapshotted } = await em().admin.rpc('send_mailing', { mailing });
    const rows = await recipients(mailing);
    // 'paid-in-full' reaches the awaiting team's lead only as the paid team's co-driver.
    const expected = new Set(who.map((name) => addresses[name].toLowerCase()));
    expect(new Set(rows.keys())).toEqual(expected);
    expect(count).toBe(expected.size);
    expect(snapshotted).toBe(expected.size);
    expect(rows.has(addresses.cancelled)).toBe(false);
    // Each address once, named as it first appears: a lead before a co-driver.
    if (expected.has(addresses.coDriver))
      expect(rows.get(addresses.coDriver)?.name).toBe('Cora Driver');
    if (expected.has(addresses.awaiting))
      expect(rows.get(addresses.awaiting)?.name).toBe(
        audience === 'teams' ? 'Lead Driver' : 'Same Person',
      );
  });

  test('the waiting list: its waiting and offered entries', async () => {
    const edition = await currentEdition();
    const entry = async (status: string) => {
      const email = `waiting.${status}.${randomUUID()}@example.org`;
      await sql(
        `insert into public.waiting_list_entries (edition_id, name, email, phone, consent_version,
           consented_at, status, offered_at, offer_expires_at)
         values ($1, 'Wendy', $2, '07700 900456', 'waiting-list-2026-11', now(), $3,
           case when $3 in ('offered', 'expired') then now() end,
           case when $3 in ('offered', 'expired') then now() + interval '1 day' end)`,
        [edition, email, status],
      );
      return email;
    };
    const waiting = await entry('waiting');
    const offered = await entry('offered');
    await entry('withdrawn');
    await entry('expired');
    const mailing = await draft('waiting-list');
    expect(await em().admin.rpc('send_mailing', { mailing })).toMatchObject({ data: 2 });
    expect(new Set((await recipients(mailing)).keys())).toEqual(new Set([waiting, offered]));
  });

  test('sends every recipient once, logs each, and carries no unsubscribe header', async () => {
    const mailing = await draft('teams', { subject: `Route notes ${randomUUID()}` });
    await em().admin.rpc('send_mailing', { mailing });
    // Sending again, or asking twice, snapshots nothing new.
    expect(await em().admin.rpc('send_mailing', { mailing })).toMatchObject({ data: 4 });
    const totals = await sendAll(mailing);
    expect(totals).toMatchObject({ sent: 4, failed: 0 });
    const rows = [...(await recipients(mailing)).values()];
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const { data } = await em().admin.from('mailings').select('status').eq('id', mailing).single();
    expect(data?.status).toBe('sent');
    const subject = (await em().service.from('mailings').select('subject').eq('id', mailing))
      .data?.[0]?.subject as string;
    const counts = await caughtPerAddress(
      rows.map((row) => row.email),
      subject,
    );
    expect(Object.values(counts)).toEqual([1, 1, 1, 1]);
    const [mail] = await caughtMail(em(), addresses.deposit);
    expect(mail?.html).toContain('Hello <strong>everyone</strong>');
    expect(mail?.text).toContain('Hello everyone');
    // A service message about the rally: no unsubscribe link, no List-Unsubscribe.
    expect(Object.keys(mail?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain(
      'list-unsubscribe',
    );
    expect(mail?.html).not.toMatch(/unsubscribe/i);
    // Once sent, the function has nothing more to send.
    expect((await batch(mailing)).body).toEqual({ sent: 0, failed: 0, remaining: 0 });
  });

  test('interrupted mid-batch and resumed, nobody receives it twice', async () => {
    const subject = `Interrupted ${randomUUID()}`;
    const mailing = await draft('teams', { subject });
    await em().admin.rpc('send_mailing', { mailing });
    // A sender claims two rows, sends the first, and dies before recording anything.
    const { data: claimed } = await em().service.rpc('claim_mailing_batch', { mailing, size: 2 });
    const taken = (claimed as { recipients: { id: string; email: string }[] }).recipients;
    expect(taken).toHaveLength(2);
    const dead = taken[0];
    expect(
      (
        await postEmail(
          {
            from: 'Europe Rally <hello@europerally.example>',
            to: [dead?.email],
            subject,
            text: 'As the dead sender sent it',
          },
          dead?.id,
        )
      ).status,
    ).toBe(200);
    // Another run meanwhile sends the rest, not the rows the first still holds.
    const during = await batch(mailing);
    expect(during.body).toMatchObject({ sent: 2, remaining: 2 });
    // Five minutes on, the dead sender's claims are stale and the next run takes them again.
    await sql(
      `update public.mailing_recipients set claimed_at = now() - interval '6 minutes'
       where mailing_id = $1 and status = 'sending'`,
      [mailing],
    );
    const after = await sendAll(mailing);
    expect(after).toMatchObject({ sent: 2, failed: 0 });
    const rows = [...(await recipients(mailing)).values()];
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.find((row) => row.id === dead?.id)?.attempts).toBe(2);
    const counts = await caughtPerAddress(
      rows.map((row) => row.email),
      subject,
    );
    expect(counts).toEqual(Object.fromEntries(rows.map((row) => [row.email, 1])));
  });

  test('a mailing left sending goes on by itself, a batch a minute, reaching each once', async () => {
    const subject = `Left sending ${randomUUID()}`;
    const mailing = await draft('teams', { subject });
    await em().admin.rpc('send_mailing', { mailing });
    // The screen closed after starting it: nothing has been sent yet.
    for (let minute = 0; minute < 3; minute += 1) {
      const { runs } = await em().emulator.runDueJobs(
        new Date(Date.UTC(2026, 2, 20, 10, 10 + minute)).toISOString(),
      );
      expect(runs.find((run) => run.jobname === 'mailings')?.status).toBe('succeeded');
    }
    const rows = [...(await recipients(mailing)).values()];
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const { data } = await em().admin.from('mailings').select('status').eq('id', mailing).single();
    expect(data?.status).toBe('sent');
    expect(
      Object.values(
        await caughtPerAddress(
          rows.map((row) => row.email),
          subject,
        ),
      ),
    ).toEqual([1, 1, 1, 1]);
  });

  test('a refused address is logged as failed with the provider’s error', async () => {
    const mailing = await draft('teams-balance-due', { subject: `Failing ${randomUUID()}` });
    await em().admin.rpc('send_mailing', { mailing });
    await sql(`insert into public.mailing_recipients (mailing_id, email) values ($1, $2)`, [
      mailing,
      'not-an-address',
    ]);
    expect(await sendAll(mailing)).toMatchObject({ sent: 2, failed: 1 });
    const failed = (await recipients(mailing)).get('not-an-address');
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/The email API answered 422/);
    const { data } = await em().admin.from('mailings').select('status').eq('id', mailing).single();
    expect(data?.status).toBe('sent');
  });

  test('"Send test to me" reaches the signed-in administrator only, marked [Test]', async () => {
    const subject = `Test run ${randomUUID()}`;
    const mailing = await draft('teams', { subject });
    const { adminToken } = mailingsSupport(em);
    const answer = await http(em(), '/functions/v1/mailings', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await adminToken()}`,
      },
      body: JSON.stringify({ mailing, test: true }),
    });
    expect(answer.status).toBe(200);
    const [mail] = await caughtMail(em(), TEST_ADMIN.email);
    expect(mail?.subject).toBe(`[Test] ${subject}`);
    expect(await recipients(mailing)).toEqual(new Map());
    const { data } = await em().admin.from('mailings').select('status').eq('id', mailing).single();
    expect(data?.status).toBe('draft');
    expect(await caughtPerAddress([addresses.deposit], `[Test] ${subject}`)).toEqual({
      [addresses.deposit]: 0,
    });
  });
});

describe('the subscribers: marketing, with consent and a way out', () => {
  let networks = 0;
  /** The footer's form, the confirmation email, and (when `confirm`) its link followed. */
  async function subscriber(confirm: boolean): Promise<string> {
    networks += 1;
    const email = `reader.${randomUUID()}@example.org`;
    const { error } = await em()
      .anon.rpc('subscribe_newsletter', {
        email,
        source: 'footer',
        consent_version: NEWSLETTER_CONSENT.version,
      })
      .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.20.${networks >> 8}.${networks & 255}`);
    expect(error).toBeNull();
    if (!confirm) return email;
    await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'newsletter' }),
    });
    const [mail] = await caughtMail(em(), email);
    const secret = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect((await em().anon.rpc('confirm_newsletter', { secret: secret ?? '' })).data).toBe(true);
    return email;
  }

  test('reaches the confirmed only, once each, with its unsubscribe link and headers', async () => {
    const [first, second, pending] = [
      await subscriber(true),
      await subscriber(true),
      await subscriber(false),
    ];
    const { data: count } = await em().admin.rpc('mailing_recipient_count', {
      audience: 'subscribers',
    });
    const mailable = await sql<{ count: number }>(
      'select count(distinct lower(email))::integer as count from private.mailable_subscribers',
    );
    expect(count).toBe(mailable[0]?.count);

    const subject = `Newsletter ${randomUUID()}`;
    const mailing = await draft('subscribers', { subject });
    await em().admin.rpc('send_mailing', { mailing });
    const rows = await recipients(mailing);
    expect(rows.has(first)).toBe(true);
    expect(rows.has(second)).toBe(true);
    expect(rows.has(pending)).toBe(false);
    await sendAll(mailing);
    expect(await caughtPerAddress([first, second, pending], subject)).toEqual({
      [first]: 1,
      [second]: 1,
      [pending]: 0,
    });

    const [mail] = await caughtMail(em(), first);
    const oneClick = /^<(.+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(oneClick).toMatch(/\/functions\/v1\/unsubscribe\?s=[A-Za-z0-9_-]{43}$/);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The visible link: this person's own page, in both parts.
    const page = /\/unsubscribe\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(page).toBeDefined();
    expect(mail?.html).toContain(`/unsubscribe/${page}`);
    const [other] = await caughtMail(em(), second);
    expect(other?.headers['List-Unsubscribe']).not.toBe(mail?.headers['List-Unsubscribe']);

    // The mail client's one-click POST (RFC 8058), then the next mailing skips them.
    const posted = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    const next = await draft('subscribers', { subject: `Next ${randomUUID()}` });
    await em().admin.rpc('send_mailing', { mailing: next });
    const nextRows = await recipients(next);
    expect(nextRows.has(first)).toBe(false);
    expect(nextRows.has(second)).toBe(true);
  });
});
