// The public limits against a hostile visitor (issue 20, items 5 to 8a), kept closed: a forged
// client address, plus-addressed and dotted Gmail addresses, re-subscribing an unsubscribed
// address, acknowledgement emails as a relay for a stranger's text, and password-reset emails
// spent until the project's cap locks the administrators out. Each failed before
// supabase/schemas/foundation.sql and the emulator's gateway
// and auth changes that came with it. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  reloadCatalog,
  TEST_CAPTCHA_TOKENS,
  TEST_CLIENT_ADDRESS_HEADER,
} from '../../supabase/emulator';
import {
  caughtMail,
  http,
  makeClient,
  setupTestEmulator,
  startTestEmulator,
  TEST_ADMIN,
} from './harness';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';

// Each request may come from a network of its own (the test emulator's trusted client address).
const em = setupTestEmulator({ trustTestClientAddress: true });

let networks = 0;
/** An address of its own (198.18.0.0/15, for tests), so no request spends another's IP quota. */
const someNetwork = () => {
  networks += 1;
  return `198.18.${networks >> 8}.${networks & 255}`;
};

/** A fresh mailbox name, so no test spends another's per-address quota. */
const mailbox = () => `r${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/** An anonymous contact message from `network` (a network of its own unless given). */
function contact(email: string, headers: Record<string, string> = {}) {
  return http(em(), '/rest/v1/contact_messages', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TEST_CLIENT_ADDRESS_HEADER]: someNetwork(),
      ...headers,
    },
    body: JSON.stringify({ name: 'Jo', email, subject: 'general', message: 'Hello there' }),
  });
}

describe('the per-network limit reads the address the platform appended', () => {
  beforeAll(async () => {
    // What a function sees of the client's address (a test fixture, created here only).
    await em().emulator.db.exec(`
      create function public.client_address_seen() returns json language sql stable
      security definer set search_path = '' as $$
        select json_build_object(
          'forwarded_for', current_setting('request.headers', true)::json ->> 'x-forwarded-for',
          'cf_connecting_ip', current_setting('request.headers', true)::json ->> 'cf-connecting-ip',
          'test_header', current_setting('request.headers', true)::json ->> 'x-test-client-address',
          'client_ip', private.client_ip())
      $$;
    `);
    reloadCatalog(em().emulator.db);
  });

  test('a forged X-Forwarded-For or CF-Connecting-IP does not move a network’s limit', async () => {
    const network = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const forged = `203.0.113.${i + 1}`;
      const res = await contact(`${mailbox()}@example.org`, {
        [TEST_CLIENT_ADDRESS_HEADER]: network,
        'x-forwarded-for': `${forged}, 10.0.0.${i + 1}`,
        'cf-connecting-ip': forged,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });

  test('the database sees the client’s entries first and the platform’s last, and no CF-Connecting-IP', async () => {
    const res = await http(em(), '/rest/v1/rpc/client_address_seen', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TEST_CLIENT_ADDRESS_HEADER]: '192.0.2.78',
        'x-forwarded-for': '203.0.113.50',
        'cf-connecting-ip': '203.0.113.50',
      },
      body: '{}',
    });
    expect(res.json()).toEqual({
      forwarded_for: '203.0.113.50, 192.0.2.78',
      cf_connecting_ip: null,
      test_header: null,
      client_ip: '192.0.2.78',
    });
  });

  test('an Edge Function gets the same headers', async () => {
    const functions = await startTestEmulator({
      functionsDir: path.resolve(import.meta.dirname, 'fixtures/functions'),
      trustTestClientAddress: true,
    });
    try {
      const res = await http(functions, '/functions/v1/echo', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${functions.anonKey}`,
          [TEST_CLIENT_ADDRESS_HEADER]: '192.0.2.79',
          'x-forwarded-for': '203.0.113.51',
          'cf-connecting-ip': '203.0.113.51',
        },
        body: '{}',
      });
      const headers = (res.json() as { headers: Record<string, string> }).headers;
      expect(headers['x-forwarded-for']).toBe('203.0.113.51, 192.0.2.79');
      expect(headers['cf-connecting-ip']).toBeUndefined();
      expect(headers[TEST_CLIENT_ADDRESS_HEADER]).toBeUndefined();
    } finally {
      await functions.stop();
    }
  }, 60_000);
});

describe('the per-email limit counts one address per inbox', () => {
  test('the inbox: lower-case, no +tag, and for Gmail no dots, at gmail.com', async () => {
    const { rows } = await em().emulator.db.query<{ identity: string }>(
      `select private.email_identity(address) as identity
       from unnest($1::text[]) with ordinality as given(address, n) order by n`,
      [
        [
          ' Jo.Bloggs+rally@Example.org ',
          'a.b+1@gmail.com',
          'A.B@GoogleMail.com',
          '+only@example.org',
          'not-an-address',
        ],
      ],
    );
    expect(rows.map((row) => row.identity)).toEqual([
      'jo.bloggs@example.org',
      'ab@gmail.com',
      'ab@gmail.com',
      '+only@example.org',
      'not-an-address',
    ]);
  });

  test('a+1@, a+2@, a+3@ then a@ count as one address (3 an hour)', async () => {
    const name = mailbox();
    for (let i = 1; i <= 3; i++)
      expect((await contact(`${name}+${i}@example.org`)).status).toBe(201);
    expect((await contact(`${name}@example.org`)).status).toBe(429);
  });

  test('a.b@gmail.com, a.b+x@googlemail.com and AB@gmail.com are ab@gmail.com', async () => {
    const [first = 'a', ...rest] = mailbox();
    const name = `${first}.${rest.join('')}`;
    const plain = name.replace('.', '');
    expect((await contact(`${name}@gmail.com`)).status).toBe(201);
    expect((await contact(`${name}+x@googlemail.com`)).status).toBe(201);
    expect((await contact(`${plain.toUpperCase()}@gmail.com`)).status).toBe(201);
    expect((await contact(`${plain}@gmail.com`)).status).toBe(429);
  });
});

describe('unsubscribed stays unsubscribed', () => {
  const subscribe = (email: string) =>
    http(em(), '/rest/v1/rpc/subscribe_newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEST_CLIENT_ADDRESS_HEADER]: someNetwork() },
      body: JSON.stringify({
        email,
        source: 'waitlist',
        consent_version: NEWSLETTER_CONSENT.version,
      }),
    });

  test('subscribing an unsubscribed address again leaves it unsubscribed, answered as a success', async () => {
    const email = `${mailbox()}@example.org`;
    const first = await subscribe(email);
    expect(first.status).toBe(204);
    const { error } = await em()
      .service.from('newsletter_subscribers')
      .update({ status: 'unsubscribed' })
      .eq('email', email);
    expect(error).toBeNull();
    const again = await subscribe(email);
    expect({ status: again.status, body: again.text }).toEqual({
      status: first.status,
      body: first.text,
    });
    const { data } = await em()
      .service.from('newsletter_subscribers')
      .select('status')
      .eq('email', email)
      .single();
    expect(data).toEqual({ status: 'unsubscribed' });
  });
});

describe('acknowledgement emails', { timeout: 60_000 }, () => {
  const deliver = (kind: 'registration' | 'sponsorship', id: unknown) =>
    http(em(), '/functions/v1/submission-delivery', {
      method: 'POST',
      headers: { authorization: `Bearer ${em().anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind, id }),
    });
  const rpc = (name: string, args: Record<string, unknown>) =>
    http(em(), `/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEST_CLIENT_ADDRESS_HEADER]: someNetwork() },
      body: JSON.stringify(args),
    });
  const spam = 'Cheap watches at https://spam.example/buy now';

  test('an enquiry’s acknowledgement carries none of the visitor’s text', async () => {
    const email = `${mailbox()}@example.org`;
    const enquiry = await rpc('submit_sponsorship_enquiry', {
      company_name: `Dear friend, ${spam}`,
      email,
      phone: '+44 20 7946 0958',
      tier: 'Tier 3 - £800',
      message: spam,
    });
    expect(enquiry.status).toBe(200);
    expect((await deliver('sponsorship', enquiry.json())).json()).toMatchObject({ email: 'sent' });
    const mail = await caughtMail(em(), email);
    expect(mail).toHaveLength(1);
    const sent = `${mail[0]?.subject}\n${mail[0]?.text}\n${mail[0]?.html}`;
    expect(sent).not.toContain('spam.example');
    expect(sent).not.toContain('Dear friend');
  });

  test('a registration’s confirmation says only fixed words and the booking reference', async () => {
    const email = `${mailbox()}@example.org`;
    const registration = await rpc('submit_registration', {
      lead_driver_name: `Winner! ${spam}`,
      lead_driver_email: email,
      lead_driver_phone: '+44 20 7946 0958',
      accept_terms: true,
      co_driver_name: spam,
      team_name: spam,
      vehicle_make: spam,
      vehicle_colour: spam,
      registration_plate: 'SPAM 1',
    });
    expect(registration.status).toBe(200);
    const reference = registration.json() as string;
    expect((await deliver('registration', reference)).json()).toMatchObject({ email: 'sent' });
    const mail = await caughtMail(em(), email);
    expect(mail).toHaveLength(1);
    const sent = `${mail[0]?.subject}\n${mail[0]?.text}\n${mail[0]?.html}`;
    expect(sent).not.toContain('spam.example');
    expect(sent).not.toContain('Winner');
    expect(sent).not.toContain('SPAM 1');
    expect(mail[0]?.text).toContain(reference);
  });

  test('one acknowledgement a day per inbox, across registrations and enquiries', async () => {
    const name = mailbox();
    const registration = await rpc('submit_registration', {
      lead_driver_name: 'Jo Bloggs',
      lead_driver_email: `${name}@example.org`,
      lead_driver_phone: '+44 20 7946 0958',
      accept_terms: true,
    });
    expect((await deliver('registration', registration.json())).json()).toMatchObject({
      email: 'sent',
    });
    // The same inbox under another spelling, and the other kind of acknowledgement.
    const enquiry = await rpc('submit_sponsorship_enquiry', {
      company_name: 'Acme',
      email: `${name.toUpperCase()}+again@example.org`,
      phone: '+44 20 7946 0958',
      tier: 'Tier 3 - £800',
      message: 'Count us in',
    });
    expect((await deliver('sponsorship', enquiry.json())).json()).toMatchObject({
      webhook: 'delivered',
      email: 'skipped',
    });
    const second = await rpc('submit_registration', {
      lead_driver_name: 'Jo Bloggs',
      lead_driver_email: `${name}@example.org`,
      lead_driver_phone: '+44 20 7946 0958',
      accept_terms: true,
    });
    expect((await deliver('registration', second.json())).json()).toMatchObject({
      email: 'skipped',
    });
    expect(await caughtMail(em(), `${name}@example.org`)).toHaveLength(1);
    expect(await caughtMail(em(), `${name.toUpperCase()}+again@example.org`)).toHaveLength(0);

    // A day later the inbox may be acknowledged again.
    await em().emulator.db.query(
      "update private.acknowledgements_sent set sent_at = sent_at - interval '25 hours' where address = $1",
      [`${name}@example.org`],
    );
    expect((await deliver('registration', second.json())).json()).toMatchObject({ email: 'sent' });
  });
});

describe('password-reset emails cannot be spent by strangers', () => {
  const FREQUENCY_LIMIT = /^For security purposes, you can only request this after \d+ seconds\.$/;

  async function account(name: string): Promise<string> {
    const email = `${name}-${mailbox()}@example.org`;
    const { error } = await em().service.auth.admin.createUser({
      email,
      password: 'a-long-password-2026',
      email_confirm: true,
    });
    expect(error).toBeNull();
    return email;
  }

  const recoveryMail = async (email: string) =>
    (await caughtMail(em(), email)).filter((mail) => mail.subject === 'Reset your password');

  test('three known addresses asked for every minute for ten minutes cannot reach the project’s cap', async () => {
    const targets = await Promise.all([account('one'), account('two'), account('three')]);
    const stranger = makeClient(em().url, em().anonKey);
    for (let minute = 0; minute < 10; minute++) {
      for (const email of targets) {
        const { error } = await stranger.auth.resetPasswordForEmail(email);
        // Held back per address, never by the project's cap.
        if (error)
          expect({ status: error.status, message: error.message }).toEqual({
            status: 429,
            message: expect.stringMatching(FREQUENCY_LIMIT) as unknown,
          });
      }
      // A minute passes for GoTrue's per-address clock.
      await em().emulator.db.query(
        "update auth.users set recovery_sent_at = recovery_sent_at - interval '61 seconds' where email = any($1)",
        [targets],
      );
    }
    const sent = (await Promise.all(targets.map(recoveryMail))).flat();
    expect(sent).toHaveLength(3);
    // The administrator who really forgot, and a new administrator's invitation, still get theirs.
    const admin = await account('admin');
    expect((await stranger.auth.resetPasswordForEmail(admin)).error).toBeNull();
    expect(await recoveryMail(admin)).toHaveLength(1);
    const invited = `invited-${mailbox()}@example.org`;
    expect((await em().service.auth.admin.inviteUserByEmail(invited)).error).toBeNull();
    expect(await caughtMail(em(), invited)).toHaveLength(1);
  });

  test('with captcha off, a reset needs no token', async () => {
    const email = await account('no-captcha');
    expect(
      (await makeClient(em().url, em().anonKey).auth.resetPasswordForEmail(email)).error,
    ).toBeNull();
    expect(await recoveryMail(email)).toHaveLength(1);
  });

  test('with [auth.captcha] on, a reset or sign-in without a good token is refused as GoTrue refuses it', async () => {
    const guarded = await startTestEmulator({ captcha: { enabled: true, provider: 'turnstile' } });
    try {
      const client = makeClient(guarded.url, guarded.anonKey);
      const email = TEST_ADMIN.email;
      const missing = await client.auth.resetPasswordForEmail(email);
      expect(missing.error).toMatchObject({
        status: 400,
        code: 'captcha_failed',
        message: 'captcha protection: request disallowed (no captcha_token found)',
      });
      const wrong = await client.auth.resetPasswordForEmail(email, { captchaToken: 'made-up' });
      expect(wrong.error).toMatchObject({ status: 400, code: 'captcha_failed' });
      const signIn = await client.auth.signInWithPassword(TEST_ADMIN);
      expect(signIn.error).toMatchObject({ status: 400, code: 'captcha_failed' });
      expect(await caughtMail(guarded, email)).toHaveLength(0);

      const passed = await client.auth.resetPasswordForEmail(email, {
        captchaToken: TEST_CAPTCHA_TOKENS.turnstile,
      });
      expect(passed.error).toBeNull();
      expect(await caughtMail(guarded, email)).toHaveLength(1);
    } finally {
      await guarded.stop();
    }
  }, 60_000);
});
