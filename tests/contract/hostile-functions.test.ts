// The Edge Functions' one door (supabase/functions/_shared/http.ts), tried on the real functions
// through the emulator: each answers its preflight with CORS, refuses another method (405), a
// body over its limit (413), a body that is no JSON object (400) and a caller it does not serve
// (403), always in the one error shape `{ error, field? }`, before any work is done. And the
// site's one way in (src/data/functions.ts) reads that shape back as a FunctionError.
import { describe, expect, test } from 'vitest';
import { requestDelivery } from '../../src/data/delivery';
import { callFunction, FunctionError } from '../../src/data/functions';
import { arrangeRow, http, setupTestEmulator } from './harness';

const em = setupTestEmulator();

const FUNCTIONS = ['admin-users', 'submission-delivery', 'stripe-webhook'] as const;
/** The site's functions take JSON; stripe-webhook takes its event as text (checked for a signature). */
const JSON_FUNCTIONS = ['admin-users', 'submission-delivery'] as const;

const call = (name: string, init: RequestInit & { key?: string } = {}) =>
  http(em(), `/functions/v1/${name}`, {
    ...init,
    headers: {
      authorization: `Bearer ${init.key ?? em().serviceKey}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });

/** The one error shape: a message, and a field only when one is named. */
function expectError(answer: { headers: Headers; json: () => unknown }) {
  expect(answer.headers.get('content-type')).toContain('application/json');
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  const body = answer.json() as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect(Object.keys(body).filter((key) => key !== 'field')).toEqual(['error']);
  return body;
}

describe.each(FUNCTIONS)('%s', (name) => {
  test('answers a preflight with CORS and no body', async () => {
    const answer = await http(em(), `/functions/v1/${name}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toContain('x-client-info');
  });

  test.each(['GET', 'PUT', 'DELETE'])('refuses %s with 405', async (method) => {
    const answer = await call(name, { method });
    expect(answer.status).toBe(405);
    expect(expectError(answer)).toEqual({ error: 'Use POST.' });
  });
});

describe.each(JSON_FUNCTIONS)('%s', (name) => {
  // As an administrator: admin-users serves no one else (refused before the body is parsed).
  const asAdmin = async (init: RequestInit) => {
    const { data } = await em().admin.auth.getSession();
    return call(name, { ...init, key: data.session?.access_token ?? '' });
  };

  test.each([
    ['no JSON', '{"action": ', 'The body must be JSON.'],
    ['an empty body', '', 'The body must be JSON.'],
    ['an array', '[]', 'The body must be a JSON object.'],
    ['null', 'null', 'The body must be a JSON object.'],
  ])('refuses %s with 400', async (_what, body, error) => {
    const answer = await asAdmin({ method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(expectError(answer)).toEqual({ error });
  });

  test('refuses a body over 64 KiB with 413, declared or not', async () => {
    const body = JSON.stringify({
      action: 'list',
      kind: 'registration',
      padding: 'x'.repeat(70_000),
    });
    const declared = await asAdmin({ method: 'POST', body });
    expect(declared.status).toBe(413);
    expect(expectError(declared)).toEqual({ error: 'The body must be at most 65536 bytes.' });
    // Streamed without a Content-Length, it is counted as it arrives.
    const streamed = await asAdmin({
      method: 'POST',
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expectError(streamed);
  });
});

test('stripe-webhook takes a large event whole (its own limit) and refuses past 512 KiB', async () => {
  const event = JSON.stringify({ id: 'evt_large', padding: 'x'.repeat(100_000) });
  const large = await call('stripe-webhook', {
    method: 'POST',
    body: event,
    headers: { 'stripe-signature': 't=1,v1=forged' },
  });
  // Read whole and checked: the signature is what refuses it.
  expect(large.status).toBe(400);
  expect(expectError(large).error).toMatch(/^Webhook signature verification failed/);
  const tooLarge = await call('stripe-webhook', {
    method: 'POST',
    body: 'x'.repeat(512 * 1024 + 1),
    headers: { 'stripe-signature': 't=1,v1=forged' },
  });
  expect(tooLarge.status).toBe(413);
  expectError(tooLarge);
});

test('a caller a function does not serve is refused with 403 before its body is parsed', async () => {
  // admin-users serves administrators only: the anon key, a signed-in visitor and the service
  // role are not one.
  const { data } = await em().visitor.auth.getSession();
  for (const key of [em().anonKey, data.session?.access_token ?? '', em().serviceKey]) {
    const answer = await call('admin-users', { method: 'POST', body: '{}', key });
    expect(answer.status).toBe(403);
    expect(expectError(answer)).toEqual({
      error: 'Only an administrator may manage administrators',
    });
  }
  const unread = await call('admin-users', { method: 'POST', body: 'no JSON', key: em().anonKey });
  expect(unread.status).toBe(403);
});

test('a refusal that names a field says which, in the same shape', async () => {
  const { data } = await em().admin.auth.getSession();
  const answer = await call('admin-users', {
    method: 'POST',
    body: JSON.stringify({ action: 'invite', email: 'not an address' }),
    key: data.session?.access_token ?? '',
  });
  expect(answer.status).toBe(400);
  expect(expectError(answer)).toEqual({
    error: 'Please enter a valid email address.',
    field: 'email',
  });
});

describe('the site calls them one way (src/data/functions.ts)', () => {
  const unreachable = 'unreachable';

  test('a refusal is a FunctionError with the function’s message, status and field', async () => {
    const refused = await callFunction(
      em().visitor,
      'admin-users',
      { action: 'list' },
      { unreachable },
    )
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FunctionError);
    expect(refused).toMatchObject({
      status: 403,
      message: 'Only an administrator may manage administrators',
    });
    const invalid = await callFunction(
      em().admin,
      'admin-users',
      { action: 'invite', email: 'not an address' },
      { unreachable },
    ).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, field: 'email' });
  });

  test('a retried delivery carries the administrator’s session, and only theirs is served', async () => {
    const id = await arrangeRow(em(), 'registrations', {
      lead_driver_name: 'Ada Lovelace',
      lead_driver_email: 'ada@example.org',
      lead_driver_phone: '+44 20 7946 0000',
    });
    expect(
      await requestDelivery('registration', id, { caller: em().visitor, retry: true }),
    ).toBeNull();
    expect(await requestDelivery('registration', id, { caller: em().admin, retry: true })).toEqual({
      webhook: 'delivered',
      email: 'sent',
    });
  });
});
