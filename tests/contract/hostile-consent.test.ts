// Issue 26, consent and unsubscribing against a hostile caller (supabase/schemas/newsletter.sql, the
// unsubscribe function): an unsubscribe secret cannot be forged, altered or used for another
// address, and a wrong one says nothing; a confirmation link altered, expired or withdrawn since
// confirms nothing; subscribing answers the same whatever the address's state and changes nothing
// of someone else's subscription; and the limits per address and per network hold, through the
// database and through the function. Runs on PGlite and on PostgreSQL 15.
import { afterEach, describe, expect, test } from 'vitest';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { consentSupport } from './consent-support';
import { caughtMail, setupTestEmulator } from './harness';

const em = setupTestEmulator({ trustTestClientAddress: true });
const {
  network,
  subscribe,
  sendConfirmations,
  confirmSecret,
  sql,
  mailable,
  subscriber,
  consents,
  address,
  confirmedSubscriber,
  mintSecret,
} = consentSupport(em);

afterEach(() => {
  em().emulator.setNow(null);
});

/** A one-click POST through the function, from a network. */
const oneClick = (secret: string, from = network()) =>
  fetch(`${em().url}/functions/v1/unsubscribe?s=${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [TEST_CLIENT_ADDRESS_HEADER]: from,
    },
    body: 'List-Unsubscribe=One-Click',
    redirect: 'manual',
  });

/** One character changed, the same shape. */
const altered = (secret: string) =>
  `${secret.slice(0, 10)}${secret[10] === 'A' ? 'B' : 'A'}${secret.slice(11)}`;

describe('unsubscribe secrets', () => {
  test('a secret unsubscribes its own address only, never another', async () => {
    const mine = await confirmedSubscriber();
    const theirs = await confirmedSubscriber();
    const secret = await mintSecret(mine);
    expect((await oneClick(secret)).status).toBe(200);
    expect(await mailable(mine)).toBe(false);
    expect(await mailable(theirs)).toBe(true);
    expect(await subscriber(theirs)).toMatchObject({ status: 'subscribed' });
    // Resubscribing by it is the secret's address again, never another's.
    await em().anon.rpc('resubscribe', {
      secret,
      consent_version: 'newsletter-2026-11',
    });
    expect((await consents(theirs)).map((record) => record.source)).toEqual(['footer']);
  });

  test('a forged, altered or re-cased secret opens nothing and says nothing', async () => {
    const email = await confirmedSubscriber();
    const secret = await mintSecret(email);
    for (const forged of [
      altered(secret),
      secret.toUpperCase(),
      `${secret}=`,
      secret.slice(0, 42),
      'x'.repeat(43),
      '',
      email,
    ]) {
      const page = await em().anon.rpc('unsubscribe', { secret: forged });
      expect(page.error, forged).toBeNull();
      expect(page.data, forged).toBe(false);
      const again = await em().anon.rpc('resubscribe', {
        secret: forged,
        consent_version: 'newsletter-2026-11',
      });
      expect(again.data, forged).toBe(false);
      // The function answers a wrong secret as it answers a right one: nothing to tell apart.
      const answer = await oneClick(forged);
      expect(answer.status, forged).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    expect(await mailable(email)).toBe(true);
    expect((await consents(email))[0]?.withdrawn_at).toBeNull();
  });

  test('only the SHA-256 of a secret is stored, with the address', async () => {
    const email = address();
    const secret = await mintSecret(email);
    const stored = await sql<{ email: string; stored: string }>(
      `select email, encode(token_hash, 'hex') as stored from private.unsubscribe_links
       where email = $1`,
      [email],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.stored).not.toContain(Buffer.from(secret).toString('hex'));
    expect(stored[0]?.stored).toBe(
      (
        await sql<{ h: string }>(`select encode(sha256(convert_to($1, 'UTF8')), 'hex') as h`, [
          secret,
        ])
      )[0]?.h,
    );
  });

  test('nobody mints a secret through the API', async () => {
    for (const client of [em().anon, em().visitor, em().admin]) {
      const { error } = await client.rpc(
        'mint_unsubscribe_secret' as never,
        {
          email: 'someone@example.org',
        } as never,
      );
      expect(error).not.toBeNull();
    }
  });
});

describe('the confirmation link', () => {
  test('altered, it confirms nothing; followed, it confirms only its own address', async () => {
    const email = address();
    await subscribe(email);
    await sendConfirmations();
    const secret = await confirmSecret(email);
    for (const forged of [altered(secret), secret.toUpperCase(), '', 'x'.repeat(43)]) {
      expect((await em().anon.rpc('confirm_newsletter', { secret: forged })).data, forged).toBe(
        false,
      );
    }
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });
    expect((await em().anon.rpc('confirm_newsletter', { secret })).data).toBe(true);
    expect(await mailable(email)).toBe(true);
  });

  test('it expires after 7 days', async () => {
    const email = address();
    await subscribe(email);
    await sendConfirmations();
    const secret = await confirmSecret(email);
    em().emulator.setNow(new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString());
    expect((await em().anon.rpc('confirm_newsletter', { secret })).data).toBe(false);
    expect(await mailable(email)).toBe(false);
  });

  test('after unsubscribing, the old confirmation link does not subscribe again', async () => {
    const email = address();
    await subscribe(email);
    await sendConfirmations();
    const secret = await confirmSecret(email);
    expect((await em().anon.rpc('confirm_newsletter', { secret })).data).toBe(true);
    expect((await oneClick(await mintSecret(email))).status).toBe(200);
    expect((await em().anon.rpc('confirm_newsletter', { secret })).data).toBe(false);
    expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed' });
  });

  test('the email says fixed words only: nothing a visitor typed', async () => {
    const email = address();
    await subscribe(email, { source: 'footer' });
    await sendConfirmations();
    const [mail] = await caughtMail(em(), email);
    expect(mail?.text).not.toContain(email);
    expect(mail?.html).not.toContain(email);
  });
});

describe('subscribing someone else', () => {
  test('answers the same for a new, pending, confirmed or unsubscribed address', async () => {
    const unsubscribed = await confirmedSubscriber();
    await oneClick(await mintSecret(unsubscribed));
    const pending = address();
    await subscribe(pending);
    const addresses = [address(), pending, await confirmedSubscriber(), unsubscribed];
    const answers = [];
    for (const email of addresses) {
      const { data, error, status } = await subscribe(email);
      answers.push({ data, error, status });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // Typing an address changes nothing of its subscription: only the link does.
    expect(await subscriber(unsubscribed)).toMatchObject({ status: 'unsubscribed' });
    expect(await subscriber(pending)).toMatchObject({ status: 'pending' });
  });

  test('without the newsletter wording’s version it is refused', async () => {
    for (const version of [null, '', 'waiting-list-2026-11', 'newsletter-1999-01']) {
      const { error } = await subscribe(address(), { consent_version: version });
      expect(error?.code, String(version)).toBe('PT400');
      expect(error?.details).toBe('consent');
    }
  });

  test('the honeypot keeps no consent and sends no email', async () => {
    const email = address();
    const { error } = await subscribe(email, { website: 'https://spam.example' });
    expect(error).toBeNull();
    expect(await consents(email)).toEqual([]);
    expect(await subscriber(email)).toBeUndefined();
  });
});

describe('limits', () => {
  test('5 subscriptions an hour per address, whatever the network', async () => {
    const email = address();
    for (let i = 0; i < 5; i += 1) expect((await subscribe(email)).error).toBeNull();
    const sixth = await subscribe(email);
    expect(sixth.status).toBe(429);
    expect(await consents(email)).toHaveLength(5);
  });

  test('30 unsubscribe calls an hour per network, on the page and through the function', async () => {
    const from = network();
    for (let i = 0; i < 15; i += 1) {
      const page = await em()
        .anon.rpc('unsubscribe', { secret: 'x'.repeat(43) })
        .setHeader(TEST_CLIENT_ADDRESS_HEADER, from);
      expect(page.error).toBeNull();
      expect((await oneClick('y'.repeat(43), from)).status).toBe(200);
    }
    const page = await em()
      .anon.rpc('unsubscribe', { secret: 'x'.repeat(43) })
      .setHeader(TEST_CLIENT_ADDRESS_HEADER, from);
    expect(page.status).toBe(429);
    expect((await oneClick('y'.repeat(43), from)).status).toBe(429);
    // Another network is not held back.
    expect((await oneClick('y'.repeat(43))).status).toBe(200);
  });
});
