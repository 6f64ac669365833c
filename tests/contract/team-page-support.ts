// What the team page's contract tests share (team-page.test.ts, hostile-team-page.test.ts): a
// registration from a network of its own, its secret link, and payments recorded as the
// stripe-webhook function records them (record_checkout_payment with the session unchanged).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { getRegistrationMoney, type RegistrationMoney } from '../../src/data/inbox';
import type { TestEmulator } from './harness';

/** The seed's 2026 edition, in pence: 22-28 June 2026. */
export const PRICE = 395_000;
export const DEPOSIT = 25_000;
export const BALANCE = PRICE - DEPOSIT;

let networks = 0;

/** A registration (each from a network of its own, so it holds its place); answers its id. */
export async function register(em: TestEmulator, changes: Record<string, unknown> = {}) {
  networks += 1;
  const email = `team.${randomUUID()}@example.org`;
  const { data, error } = await em.anon
    .rpc('submit_registration', {
      lead_driver_name: 'Lead Driver',
      lead_driver_email: email,
      lead_driver_phone: '07700 900123',
      accept_terms: true,
      team_name: 'The Testers',
      ...changes,
    })
    .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.19.${networks >> 8}.${networks & 255}`);
  expect(error).toBeNull();
  return { id: data ?? '', email };
}

/** A Checkout Session as Stripe sends it in the event (data.object). */
export function session(
  registrationId: string,
  kind: 'deposit' | 'balance',
  amount: number,
  changes: Record<string, unknown> = {},
) {
  return {
    id: `cs_test_${randomUUID()}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: registrationId,
    amount_total: amount,
    currency: 'gbp',
    payment_intent: `pi_test_${randomUUID()}`,
    metadata: { kind, registration_id: registrationId },
    ...changes,
  };
}

/** Records a checkout event with the service role; answers the function's answer. */
export async function recordCheckout(
  em: TestEmulator,
  body: Record<string, unknown>,
  eventId = `evt_${randomUUID()}`,
  eventType = 'checkout.session.completed',
) {
  const { data, error } = await em.service.rpc('record_checkout_payment', {
    event_id: eventId,
    event_type: eventType,
    session: body as never,
  });
  expect(error).toBeNull();
  return data as { outcome: string; kind: string; registration_id: string | null } | null;
}

export async function payDeposit(em: TestEmulator, registrationId: string) {
  const answer = await recordCheckout(em, session(registrationId, 'deposit', DEPOSIT));
  expect(answer?.outcome).toBe('paid');
}

export async function payBalance(em: TestEmulator, registrationId: string, amount = BALANCE) {
  return recordCheckout(em, session(registrationId, 'balance', amount));
}

/** A fresh secret for the registration's page. */
export async function teamLink(em: TestEmulator, registrationId: string): Promise<string> {
  const { data, error } = await em.service.rpc('issue_team_link', {
    registration: registrationId,
  });
  expect(error).toBeNull();
  expect(data).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return data ?? '';
}

/** The registration's money as the administrators read it (the admin's data call). */
export async function money(em: TestEmulator, registrationId: string): Promise<RegistrationMoney> {
  const answer = await getRegistrationMoney(em.admin, registrationId);
  if (!answer) throw new Error(`no money statement for ${registrationId}`);
  return answer;
}

/** Sets the 2026 edition's facts (the file's own copy of the database). */
export async function setEdition(em: TestEmulator, changes: Record<string, unknown>) {
  const { error } = await em.service
    .from('editions')
    .update(changes as never)
    .eq('year', 2026);
  expect(error).toBeNull();
}

/**
 * Pays on the Stripe stand-in's test-mode page as a browser does: opens the url and submits its
 * form, with the card number the page fills in (Stripe's 4242 test card) or the one given.
 */
export async function payOnPage(url: string, cardNumber?: string): Promise<Response> {
  const pageHtml = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(pageHtml)?.[1];
  if (!action) throw new Error(`No Pay form on ${url}`);
  const filledIn = /name="card_number"[^>]* value="([^"]*)"/.exec(pageHtml)?.[1] ?? '';
  return fetch(new URL(action, url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber ?? filledIn }),
  });
}
