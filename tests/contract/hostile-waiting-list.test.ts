// Issue 24, the waiting list against a hostile visitor: an offer's secret that is wrong, altered,
// expired or used opens nothing and registers nothing (and only its hash is stored); the entries
// and the offers' hashes cannot be read or written through the API by anyone but the functions;
// the form's limits (3 per address an hour, the honeypot storing nothing) hold; and the admin's
// and the scheduler's functions refuse everyone else. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { setupTestEmulator } from './harness';
import { waitingListSupport } from './waiting-list-support';

const em = setupTestEmulator({ trustTestClientAddress: true, clock: '2026-03-20' });
const { sql, startAfresh, fullWith, join, joined, statusOf, offerSecret, registerWithOffer } =
  waitingListSupport(em);

beforeEach(startAfresh);
afterEach(() => {
  em().emulator.setNow(null);
});

/** An entry offered a place, with its secret. */
async function standingOffer() {
  const [team] = await fullWith(1);
  const [person] = await joined(1);
  await em().anon.rpc('cancel_registration', { secret: team?.secret ?? '' });
  return { email: person?.email ?? '', secret: await offerSecret(person?.email ?? '') };
}

async function opensNothing(secret: string) {
  const offer = await em().anon.rpc('waiting_list_offer', { secret });
  expect(offer.error).toBeNull();
  expect(offer.data).toBeNull();
  const registered = await registerWithOffer(secret);
  expect(registered.error?.code).toBe('PT409');
  // No secret at all is a plain registration, and the edition is full.
  expect(registered.error?.details).toBe(secret === '' ? 'places' : 'offer');
}

describe('the offer’s secret', () => {
  test('a wrong or altered secret opens nothing, registers nothing and declines nothing', async () => {
    const { email, secret } = await standingOffer();
    const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      altered,
      secret.toLowerCase() === secret ? secret.toUpperCase() : secret.toLowerCase(),
      randomUUID(),
      '',
      'A'.repeat(43),
      'A'.repeat(10_000),
      "' or 1=1 --",
    ]) {
      await opensNothing(wrong);
      const declined = await em().anon.rpc('decline_waiting_list_offer', { secret: wrong });
      expect(declined.data).toBe(false);
    }
    expect(await statusOf(email)).toBe('offered');
  });

  test('an expired secret opens nothing (the clock pinned past the offer)', async () => {
    const { secret } = await standingOffer();
    expect((await em().anon.rpc('waiting_list_offer', { secret })).data).not.toBeNull();
    em().emulator.setNow(new Date(Date.now() + 49 * 3_600_000).toISOString());
    await opensNothing(secret);
  });

  test('a used secret opens nothing: one registration per offer', async () => {
    const { secret } = await standingOffer();
    expect((await registerWithOffer(secret)).error).toBeNull();
    await opensNothing(secret);
  });

  test('a new email replaces the secret; only the hash is stored', async () => {
    const { email, secret } = await standingOffer();
    await sql(
      `update public.email_log set status = 'failed' where kind = 'waiting_list_offer' and recipient = $1`,
      [email],
    );
    const { data: claimed } = await em().service.rpc('claim_registration_email', {
      email_id:
        (
          await sql<{ id: string }>(
            `select id from public.email_log where kind = 'waiting_list_offer' and recipient = $1`,
            [email],
          )
        )[0]?.id ?? '',
    });
    const fresh = (claimed as { offer_secret: string }).offer_secret;
    expect(fresh).not.toBe(secret);
    await opensNothing(secret);
    expect((await em().anon.rpc('waiting_list_offer', { secret: fresh })).data).not.toBeNull();
    const rows = await sql<{ stored: number; raw: number }>(
      `select count(*) filter (where token_hash = sha256(convert_to($1, 'UTF8')))::integer as stored,
              count(*) filter (where position(convert_to($1, 'UTF8') in token_hash) > 0)::integer as raw
       from private.waiting_list_offer_links`,
      [fresh],
    );
    expect(rows[0]).toEqual({ stored: 1, raw: 0 });
  });
});

describe('the entries', () => {
  test('nobody reads or writes them through the API but an administrator reading', async () => {
    await fullWith(0);
    const [person] = await joined(1);
    for (const client of [em().anon, em().visitor]) {
      const read = await client.from('waiting_list_entries').select('id');
      expect(read.data ?? []).toEqual([]);
      const written = await client.from('waiting_list_entries').insert({
        name: 'Queue Jumper',
        email: `jumper.${randomUUID()}@example.org`,
        phone: '07700 900999',
        consent_version: 'waiting-list-2026-11',
      } as never);
      expect(written.error).not.toBeNull();
      await client
        .from('waiting_list_entries')
        .update({ status: 'offered' } as never)
        .eq('email', person?.email ?? '');
    }
    expect(await statusOf(person?.email ?? '')).toBe('waiting');
    const admin = await em().admin.from('waiting_list_entries').select('email');
    expect((admin.data ?? []).map((row) => row.email)).toContain(person?.email);
    const moved = await em()
      .admin.from('waiting_list_entries')
      .update({ status: 'offered' } as never)
      .eq('email', person?.email ?? '');
    expect(moved.error).not.toBeNull();
  });

  test('3 joins per address an hour, then 429; the honeypot stores nothing', async () => {
    await fullWith(0);
    const email = `busy.${randomUUID()}@example.org`;
    for (let i = 0; i < 3; i += 1) expect((await join({ email })).error).toBeNull();
    const fourth = await join({ email });
    expect(fourth.error?.code).toBe('PT429');

    const robot = await join({ website: 'http://spam.example' });
    expect(robot.error).toBeNull();
    expect(robot.data).toMatchObject({ status: 'waiting' });
    expect(await statusOf(robot.email)).toBeUndefined();
  });

  test('the scheduler’s and the administrators’ functions refuse visitors', async () => {
    for (const client of [em().anon, em().visitor]) {
      const handOut = await client.rpc('hand_out_waiting_list_places');
      expect(handOut.error).not.toBeNull();
      const claimed = await client.rpc('claim_registration_email', { email_id: randomUUID() });
      expect(claimed.error).not.toBeNull();
    }
  });
});
