// What the consent tests share (consent.test.ts, hostile-consent.test.ts): the footer's form from
// a network of its own, the page's call that sends the confirmation, the link read from the real
// email in the mail catcher, an unsubscribe secret minted as the mailings mint one, and the
// database's view of an address (its subscriber, its consents, whether it is mailable).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { caughtMail, http, type TestEmulator } from './harness';

export type ConsentRecord = {
  purpose: string;
  wording_version: string;
  source: string;
  confirmed_at: string | null;
  withdrawn_at: string | null;
  withdrawn_how: string | null;
};

export function consentSupport(em: () => TestEmulator) {
  let networks = 0;
  const network = () => {
    networks += 1;
    return `198.19.${networks >> 8}.${networks & 255}`;
  };

  /** The footer's form, from a network of its own unless one is given. */
  const subscribe = (email: string, changes: Record<string, unknown> = {}, from = network()) =>
    em()
      .anon.rpc('subscribe_newsletter', {
        email,
        source: 'footer',
        consent_version: NEWSLETTER_CONSENT.version,
        ...changes,
      })
      .setHeader(TEST_CLIENT_ADDRESS_HEADER, from);

  /** The page's call after subscribing: sends the confirmations waiting. */
  async function sendConfirmations() {
    const sent = await http(em(), '/functions/v1/participant-emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${em().anonKey}` },
      body: JSON.stringify({ only: 'newsletter' }),
    });
    expect(sent.json()).toEqual({ ok: true });
  }

  /** The confirmation link's secret, as the newest email to the address carries it. */
  async function confirmSecret(email: string): Promise<string> {
    const [mail] = await caughtMail(em(), email);
    const secret = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!secret) throw new Error(`No confirmation link reached ${email}`);
    return secret;
  }

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return (await em().emulator.db.query<T & Record<string, unknown>>(query, params)).rows;
  }

  const mailable = async (email: string) =>
    (
      await sql<{ id: string }>('select id from private.mailable_subscribers where email = $1', [
        email,
      ])
    ).length === 1;

  const subscriber = async (email: string) =>
    (
      await sql<{ status: string; confirmed_at: string | null; consent_id: string | null }>(
        'select status, confirmed_at, consent_id from public.newsletter_subscribers where email = $1',
        [email],
      )
    )[0];

  const consents = (email: string) =>
    sql<ConsentRecord>(
      `select purpose, wording_version, source, confirmed_at, withdrawn_at, withdrawn_how
       from public.consent_records where email = $1 order by given_at, id`,
      [email],
    );

  const address = () => `reader.${randomUUID()}@example.org`;

  /** A confirmed subscriber, through the form and the emailed link. */
  async function confirmedSubscriber(): Promise<string> {
    const email = address();
    expect((await subscribe(email)).error).toBeNull();
    await sendConfirmations();
    const confirmed = await em().anon.rpc('confirm_newsletter', {
      secret: await confirmSecret(email),
    });
    expect(confirmed.data).toBe(true);
    return email;
  }

  /** An unsubscribe secret for the address, as a mailing's claim mints one. */
  const mintSecret = async (email: string) =>
    (
      await sql<{ secret: string }>('select private.mint_unsubscribe_secret($1) as secret', [email])
    )[0]?.secret ?? '';

  return {
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
  };
}
