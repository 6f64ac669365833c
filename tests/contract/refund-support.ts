// What the refund contract tests share (refunds.test.ts, hostile-refunds.test.ts): a team that
// paid its deposit and, through the checkout function and the Stripe stand-in's page, its balance
// (so Stripe holds a real PaymentIntent to refund), then cancelled on its page; the refund
// function called as the browser's admin calls it; the client the functions build; the ledger's
// refund rows.
import { expect } from 'vitest';
import { http, type Client, type TestEmulator } from './harness';
import { stripeClient } from './stripe-support';
import { payDeposit, payOnPage, register, teamLink } from './team-page-support';

export { stripeClient };

/** The signed-in client's access token, as the browser sends it to a function. */
export async function tokenOf(client: Client): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? '';
}

/** Calls the refund function with a token (the admin's unless told); answers status and body. */
export async function callRefund(
  em: TestEmulator,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await http(em, '/functions/v1/refund', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token ?? (await tokenOf(em.admin))}`,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: answer.status, body: answer.json() as Record<string, unknown> };
}

export interface CancelledTeam {
  id: string;
  email: string;
  secret: string;
  paymentIntent: string;
  refundDue: number;
}

/**
 * A team that paid its deposit and its balance (through Stripe, with Stripe's 4242 test card
 * unless another is given), then cancelled.
 */
export async function cancelledPaidTeam(em: TestEmulator, card?: string): Promise<CancelledTeam> {
  const team = await register(em);
  await payDeposit(em, team.id);
  const secret = await teamLink(em, team.id);
  const checkout = await http(em, '/functions/v1/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${em.anonKey}` },
    body: JSON.stringify({ kind: 'balance', secret }),
  });
  expect(checkout.status).toBe(200);
  const url = (checkout.json() as { url: string }).url;
  expect((await payOnPage(url, card)).status).toBe(303);
  const session = await stripeClient(em).checkout.sessions.retrieve(url.split('/').at(-1) ?? '');
  const { data, error } = await em.anon.rpc('cancel_registration', { secret });
  expect(error).toBeNull();
  const refundDue = (data as { refund_due_pence: number }).refund_due_pence;
  expect(refundDue).toBeGreaterThan(0);
  return { ...team, secret, paymentIntent: String(session.payment_intent), refundDue };
}

/** The registration's refund rows in the ledger, oldest first. */
export async function refundRows(em: TestEmulator, registrationId: string) {
  const { data, error } = await em.service
    .from('registration_payments')
    .select('id, amount_pence, status, refund_id, payment_intent_id, charge_id, note')
    .eq('registration_id', registrationId)
    .eq('kind', 'refund')
    .order('recorded_at');
  expect(error).toBeNull();
  return data ?? [];
}

/** Asks until `ask` answers what `done` accepts, for at most 15 s; answers the last answer. */
export async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let last = await ask();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await ask();
  }
  return last;
}
