// Edge Functions at /functions/v1/<name>, each fixture in tests/contract/fixtures/functions run
// unchanged under Deno: supabase-js functions.invoke and raw HTTP, the env Supabase gives them,
// the gateway's JWT check and verify_jwt = false, its body and in-flight bounds, CORS left to the
// function, streaming, and the platform's errors for a missing, broken or crashing function.
import nodeHttp from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { API_BODY_LIMIT } from '../../supabase/emulator';
import {
  caughtMail,
  eventually,
  http,
  makeClient,
  setupTestEmulator,
  startTestEmulator,
} from './harness';

const IN_FLIGHT_PER_CLIENT = 4;

const em = setupTestEmulator({
  functionsDir: path.resolve(__dirname, 'fixtures/functions'),
  functionSecrets: { FROM_OPTIONS: 'given by the test' },
  verifyJwt: { 'open-hook': false },
  inFlight: { total: 64, perClient: IN_FLIGHT_PER_CLIENT },
});

/**
 * A call to the open webhook function whose body is still coming: `body` is sent, the rest never
 * is, so it holds its place in the gateway until released. `response` settles if it is answered.
 */
function heldCall(headers: Record<string, string>, body = '') {
  const request = nodeHttp.request(`${em().url}/functions/v1/open-hook`, {
    method: 'POST',
    headers,
  });
  const response = new Promise<nodeHttp.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  let answered = false;
  response.then(
    () => (answered = true),
    () => (answered = true),
  );
  if (body) request.write(body);
  else request.flushHeaders();
  return {
    response,
    release: () => request.destroy(),
    get answered() {
      return answered;
    },
  };
}

interface Echo {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
  env: Record<string, string | null>;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, Math.round(performance.now() - started)];
}

// The first request starts Deno; service-call's also downloads supabase-js into .cache/deno once.
beforeAll(async () => {
  const [, cold] = await timed(() => em().anon.functions.invoke('echo', { body: {} }));
  const [, warm] = await timed(() => em().anon.functions.invoke('echo', { body: {} }));
  const [, npmCold] = await timed(() =>
    em().anon.functions.invoke('service-call', { body: { to: 'warm-up@example.com' } }),
  );
  console.info(
    `Edge Function latency: echo cold ${cold} ms, warm ${warm} ms; service-call (npm) cold ${npmCold} ms`,
  );
}, 240_000);

describe('invoking a function', () => {
  test('forwards method, path, query, headers and body, and answers with the function’s response', async () => {
    const { data, error, response } = await em().anon.functions.invoke<Echo>(
      'echo/teams/7?full=1',
      {
        body: { team: 'Team Whitfield' },
        headers: { 'x-rally': 'yes' },
      },
    );
    expect(error).toBeNull();
    expect(response?.headers.get('x-fixture')).toBe('echo');
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo/teams/7',
      search: '?full=1',
      body: JSON.stringify({ team: 'Team Whitfield' }),
    });
    expect(data?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-rally': 'yes',
      authorization: `Bearer ${em().anonKey}`,
      apikey: em().anonKey,
    });
    expect(data?.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1|::1/);
  });

  test('gives the function Supabase’s env, the mail catcher’s and Stripe stand-in’s APIs and the project’s secrets', async () => {
    const { data } = await em().anon.functions.invoke<Echo>('echo', { method: 'GET' });
    expect(data?.env).toEqual({
      SUPABASE_URL: em().url,
      SUPABASE_ANON_KEY: em().anonKey,
      SUPABASE_SERVICE_ROLE_KEY: em().serviceKey,
      SUPABASE_DB_URL: em().emulator.config.dbUrl,
      EMAIL_API_URL: `${em().url}/local/mail/api`,
      EMAIL_API_KEY: em().emulator.config.emailApiKey,
      // The local Stripe stand-in (tests/contract/stripe-stand-in.test.ts) and the key it takes.
      STRIPE_API_URL: em().url,
      STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
      FROM_DOTENV: 'read from .env',
      FROM_OPTIONS: 'given by the test',
      HOME: null,
    });
  });

  test('passes the function’s own status through (supabase-js reports it as FunctionsHttpError)', async () => {
    const { error } = await em().anon.functions.invoke('echo?status=418', { method: 'GET' });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(418);
  });

  test('streams the response as the function writes it', async () => {
    const response = await fetch(`${em().url}/functions/v1/echo?stream=1`, {
      headers: { authorization: `Bearer ${em().anonKey}` },
    });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    const first = await reader?.read();
    const firstAt = performance.now();
    let rest = '';
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      rest += decoder.decode(chunk.value);
    }
    expect(decoder.decode(first?.value)).toBe('first;');
    expect(rest).toBe('second');
    // The second chunk came ~400 ms after the first: nothing buffered the whole body.
    expect(performance.now() - firstAt).toBeGreaterThan(250);
  });

  test('reads the database with the service key and sends email through the email API', async () => {
    const to = 'sponsor-report@example.com';
    const { data, error } = await em().anon.functions.invoke<{ sponsors: number }>('service-call', {
      body: { to },
    });
    expect(error).toBeNull();
    const { count } = await em()
      .service.from('sponsors')
      .select('*', { count: 'exact', head: true });
    expect(data?.sponsors).toBe(count);
    const [message] = await caughtMail(em(), to);
    expect(message).toMatchObject({ subject: 'Sponsors on file', sent_by: 'email-api' });
  });

  test('runs a function written as export default { fetch }', async () => {
    const { data } = await em().anon.functions.invoke('default-export', { method: 'GET' });
    expect(data).toBe('default export at /default-export');
  });
});

describe('the gateway', () => {
  test('refuses a missing or invalid JWT with 401 before the function runs', async () => {
    const missing = await http(em(), '/functions/v1/echo', { key: '' });
    expect(missing.status).toBe(401);
    expect(missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await http(em(), '/functions/v1/echo', {
      key: '',
      headers: { authorization: `Bearer ${em().anonKey.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    expect(forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  test('lets a verify_jwt = false function take calls without a JWT (a payment webhook)', async () => {
    const res = await http(em(), '/functions/v1/open-hook', {
      method: 'POST',
      key: '',
      body: '{"type":"checkout.session.completed"}',
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('received 37 bytes');
  });

  test('passes the CORS preflight to the function and adds no CORS headers of its own', async () => {
    const preflight = await http(em(), '/functions/v1/echo', {
      method: 'OPTIONS',
      key: '',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type',
    );
    const plain = await http(em(), '/functions/v1/open-hook', {
      method: 'POST',
      key: '',
      body: '',
    });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('refuses a body over 1 MiB, declared or streamed, and the function keeps serving', async () => {
    const declared = heldCall({ 'content-length': String(API_BODY_LIMIT + 1) });
    expect((await declared.response).statusCode).toBe(413);
    declared.release();
    const streamed = heldCall({ 'transfer-encoding': 'chunked' }, 'x'.repeat(API_BODY_LIMIT + 1));
    const cut = await streamed.response;
    expect(cut.statusCode).toBe(413);
    streamed.release();
    const next = await http(em(), '/functions/v1/open-hook', { method: 'POST', body: 'ok' });
    expect(next.text).toBe('received 2 bytes');
  });

  test('counts function calls against the requests one client may have in flight', async () => {
    const held = Array.from({ length: IN_FLIGHT_PER_CLIENT }, () =>
      heldCall({ 'content-length': '100' }),
    );
    const call = async () =>
      (await http(em(), '/functions/v1/open-hook', { method: 'POST', body: '' })).status;
    await eventually(async () => {
      // A held call refused while one of these calls had a slot is sent again.
      for (const [i, request] of held.entries()) {
        if (!request.answered) continue;
        request.release();
        held[i] = heldCall({ 'content-length': '100' });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return call();
    }, 429);
    const refused = await http(em(), '/functions/v1/open-hook', { method: 'POST', body: '' });
    expect(refused.headers.get('retry-after')).toBe('1');
    for (const request of held) request.release();
    await eventually(call, 200);
  });

  test('answers 404 NOT_FOUND for a function that does not exist', async () => {
    for (const name of ['missing', '_shared', '..%2Fecho']) {
      const res = await http(em(), `/functions/v1/${name}`, {
        headers: { authorization: `Bearer ${em().anonKey}` },
      });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      });
    }
  });
});

describe('failures', () => {
  test('answers 503 BOOT_ERROR for a function that fails while loading', async () => {
    const { error } = await em().anon.functions.invoke('broken');
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get('sb-error-code')).toBe('BOOT_ERROR');
    expect(await response.json()).toMatchObject({ code: 'BOOT_ERROR' });
  });

  test('answers 500 for a throwing handler and keeps the function running', async () => {
    const client = makeClient(em().url, em().anonKey);
    const before = await client.functions.invoke<{ pid: number }>('crash', { method: 'GET' });
    const thrown = await client.functions.invoke('crash?mode=throw', { method: 'GET' });
    expect(((thrown.error as FunctionsHttpError).context as Response).status).toBe(500);
    const after = await client.functions.invoke<{ pid: number }>('crash', { method: 'GET' });
    expect(after.data?.pid).toBe(before.data?.pid);
  });

  test('answers 500 WORKER_ERROR when the process dies mid-request, then starts it again', async () => {
    const client = makeClient(em().url, em().anonKey);
    const before = await client.functions.invoke<{ pid: number }>('crash', { method: 'GET' });
    const died = await client.functions.invoke('crash?mode=exit', { method: 'GET' });
    const response = (died.error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const restarted = await client.functions.invoke<{ pid: number }>('crash', { method: 'GET' });
    expect(restarted.error).toBeNull();
    expect(restarted.data?.pid).not.toBe(before.data?.pid);
  });
});

test('stops its functions when the emulator stops', async () => {
  const own = await startTestEmulator({
    functionsDir: path.resolve(__dirname, 'fixtures/functions'),
  });
  const { data } = await own.anon.functions.invoke<{ pid: number }>('crash', { method: 'GET' });
  const pid = data?.pid ?? 0;
  expect(pid).toBeGreaterThan(0);
  await own.stop();
  expect(() => process.kill(pid, 0)).toThrow();
});
