// Issue 26, consent (supabase/schemas/newsletter.sql): the newsletter's double opt-in through the real
// confirmation email in the mail catcher, the consent record it keeps, the one rule for who
// receives a mailing (private.mailable_subscribers), the waiting list's consent recorded, and
// unsubscribing: the one-click POST through the real unsubscribe function (both content types
// RFC 8058 allows), the GET's redirect to the page, and the page's unsubscribe and resubscribe.
// Service mail is not marketing: the confirmation carries no unsubscribe headers.
// Runs on PGlite and on PostgreSQL 15.
import { expect, test } from 'vitest';
import { NEWSLETTER_CONSENT, WAITING_LIST_CONSENT } from '../../src/config/consent';
import { consentSupport } from './consent-support';
import { caughtMail, setupTestEmulator } from './harness';
import { waitingListSupport } from './waiting-list-support';

const SITE_URL = 'http://127.0.0.1:4183';
const em = setupTestEmulator({ trustTestClientAddress: true, siteUrl: SITE_URL });
const {
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

test('subscribing records the consent and a pending subscriber, and emails a confirmation link', async () => {
  const email = address();
  const answer = await subscribe(email.toUpperCase());
  expect(answer.error).toBeNull();
  expect(answer.data).toBeNull();
  expect(await subscriber(email)).toMatchObject({ status: 'pending', confirmed_at: null });
  expect(await consents(email)).toEqual([
    {
      purpose: 'newsletter',
      wording_version: NEWSLETTER_CONSENT.version,
      source: 'footer',
      confirmed_at: null,
      withdrawn_at: null,
      withdrawn_how: null,
    },
  ]);
  expect(await mailable(email)).toBe(false);

  await sendConfirmations();
  const [mail] = await caughtMail(em(), email);
  expect(mail?.subject).toBe('Please confirm your subscription to the Europe Rally newsletter');
  expect(mail?.text).toContain(`${SITE_URL}/newsletter/confirm/`);
  // A confirmation is not marketing: no unsubscribe headers.
  expect(mail?.headers['List-Unsubscribe']).toBeUndefined();

  const confirmed = await em().anon.rpc('confirm_newsletter', {
    secret: await confirmSecret(email),
  });
  expect(confirmed.data).toBe(true);
  expect(await subscriber(email)).toMatchObject({ status: 'subscribed' });
  expect((await subscriber(email))?.confirmed_at).not.toBeNull();
  expect((await consents(email))[0]?.confirmed_at).not.toBeNull();
  expect(await mailable(email)).toBe(true);
});

test('a subscriber from before consent was recorded is not mailable until they confirm', async () => {
  const email = address();
  await sql(
    `insert into public.newsletter_subscribers (email, source, status) values ($1, 'footer', 'subscribed')`,
    [email],
  );
  expect(await mailable(email)).toBe(false);
  expect((await subscribe(email)).error).toBeNull();
  // Typing the address changes nothing of the subscriber's until the link is followed.
  expect(await subscriber(email)).toMatchObject({ status: 'subscribed', confirmed_at: null });
  await sendConfirmations();
  await em().anon.rpc('confirm_newsletter', { secret: await confirmSecret(email) });
  expect(await mailable(email)).toBe(true);
});

test('an administrator can unsubscribe someone but not make them mailable again', async () => {
  const email = await confirmedSubscriber();
  const { data } = await em()
    .admin.from('newsletter_subscribers')
    .update({ status: 'unsubscribed' })
    .eq('email', email)
    .select('status');
  expect(data).toEqual([{ status: 'unsubscribed' }]);
  expect((await consents(email))[0]).toMatchObject({ withdrawn_how: 'admin' });
  await em()
    .admin.from('newsletter_subscribers')
    .update({ status: 'subscribed' })
    .eq('email', email);
  expect(await subscriber(email)).toMatchObject({ status: 'subscribed', confirmed_at: null });
  expect(await mailable(email)).toBe(false);
});

test.each([
  ['application/x-www-form-urlencoded', () => 'List-Unsubscribe=One-Click'],
  [
    'multipart/form-data',
    () => {
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      return form;
    },
  ],
])('the one-click POST (%s) unsubscribes with no sign-in, answering 200', async (type, body) => {
  const email = await confirmedSubscriber();
  const secret = await mintSecret(email);
  const sent = body();
  const answer = await fetch(`${em().url}/functions/v1/unsubscribe?s=${secret}`, {
    method: 'POST',
    // fetch sets the multipart boundary itself.
    ...(typeof sent === 'string' ? { headers: { 'content-type': type } } : {}),
    body: sent,
    redirect: 'manual',
  });
  expect(answer.status).toBe(200);
  expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed' });
  expect((await consents(email))[0]).toMatchObject({ withdrawn_how: 'one-click' });
  expect(await mailable(email)).toBe(false);
});

test('a POST without the one-click body changes nothing; a GET redirects to the page', async () => {
  const email = await confirmedSubscriber();
  const secret = await mintSecret(email);
  const url = `${em().url}/functions/v1/unsubscribe?s=${secret}`;
  const json = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(json.status).toBe(400);
  const opened = await fetch(url, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toBe(`${SITE_URL}/unsubscribe/${secret}`);
  expect(await mailable(email)).toBe(true);
});

test('the page unsubscribes by the link, and "Resubscribe" records a confirmed consent', async () => {
  const email = await confirmedSubscriber();
  const secret = await mintSecret(email);
  expect((await em().anon.rpc('unsubscribe', { secret })).data).toBe(true);
  expect((await consents(email))[0]).toMatchObject({ withdrawn_how: 'link' });
  expect(await mailable(email)).toBe(false);
  const again = await em().anon.rpc('resubscribe', {
    secret,
    consent_version: NEWSLETTER_CONSENT.version,
  });
  expect(again.data).toBe(true);
  const records = await consents(email);
  expect(records).toHaveLength(2);
  expect(records[1]).toMatchObject({ source: 'resubscribe', withdrawn_at: null });
  expect(records[1]?.confirmed_at).not.toBeNull();
  expect(await mailable(email)).toBe(true);
});

test('joining the waiting list records its consent (purpose waiting_list, the version shown)', async () => {
  const { startAfresh, fullWith, join } = waitingListSupport(em);
  await startAfresh();
  await fullWith(0);
  const joined = await join();
  expect(joined.error).toBeNull();
  expect(await consents(joined.email.toLowerCase())).toEqual([
    {
      purpose: 'waiting_list',
      wording_version: WAITING_LIST_CONSENT.version,
      source: 'waiting-list',
      confirmed_at: null,
      withdrawn_at: null,
      withdrawn_how: null,
    },
  ]);
  // The same address again is its place in the queue, and no second consent.
  await join({ email: joined.email });
  expect(await consents(joined.email.toLowerCase())).toHaveLength(1);
});
