// GoTrue behaviour as supabase-wire.md records it: sign-in, refresh rotation, user, logout,
// errors with their codes, sign-up refused while disabled.
import { describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/emulator';
import { http, makeClient, TEST_ADMIN, TEST_VISITOR, setupTestEmulator } from './harness';

const em = setupTestEmulator();

const VERSION = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };

async function passwordGrant(email: string, password: string) {
  return http(em(), '/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: VERSION,
    body: JSON.stringify({ email, password, gotrue_meta_security: {} }),
  });
}

function base64urlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('password sign-in', () => {
  test('answers a session in GoTrue shape with the user and the access-token claims', async () => {
    const res = await passwordGrant(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const session = res.json() as Record<string, unknown> & {
      user: Record<string, unknown>;
      access_token: string;
    };
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(typeof session.refresh_token).toBe('string');
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(Object.keys(session.user).sort()).toEqual(
      [
        'id',
        'aud',
        'role',
        'email',
        'email_confirmed_at',
        'phone',
        'confirmed_at',
        'last_sign_in_at',
        'app_metadata',
        'user_metadata',
        'identities',
        'created_at',
        'updated_at',
        'is_anonymous',
      ].sort(),
    );
    expect(session.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: TEST_ADMIN.email,
      phone: '',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'], role: 'admin' },
    });
    expect(session.user.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: session.user.id }),
    ]);
    const claims = base64urlJson(session.access_token.split('.')[1] ?? '');
    expect(Object.keys(claims).sort()).toEqual(
      [
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'email',
        'phone',
        'app_metadata',
        'user_metadata',
        'role',
        'aal',
        'amr',
        'session_id',
        'is_anonymous',
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${em().url}/auth/v1`,
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      amr: [expect.objectContaining({ method: 'password' })],
    });
  });

  test('signs in through supabase-js and reads the user', async () => {
    const client = makeClient(em().url, em().anonKey);
    const { data, error } = await client.auth.signInWithPassword(TEST_VISITOR);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(TEST_VISITOR.email);
    expect(data.user?.app_metadata.role).toBeUndefined();
    const user = await client.auth.getUser();
    expect(user.data.user?.id).toBe(data.user?.id);
  });

  test('refuses a wrong password with 400 invalid_credentials', async () => {
    const res = await passwordGrant(TEST_ADMIN.email, 'wrong password');
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const client = makeClient(em().url, em().anonKey);
    const { error } = await client.auth.signInWithPassword({
      email: 'nobody@contract.test',
      password: 'whatever1',
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  test('refuses a sign-in without an email with validation_failed', async () => {
    const res = await http(em(), '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: VERSION,
      body: JSON.stringify({ password: 'x' }),
    });
    expect(res.status).toBe(400);
    expect((res.json() as { code: string }).code).toBe('validation_failed');
  });
});

describe('refresh', () => {
  test('rotates the refresh token; the old one, used again within the reuse interval, gets the active one back', async () => {
    const first = (await passwordGrant(TEST_VISITOR.email, TEST_VISITOR.password)).json() as {
      refresh_token: string;
      access_token: string;
    };
    const refresh = (token: string) =>
      http(em(), '/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        headers: VERSION,
        body: JSON.stringify({ refresh_token: token }),
      });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const next = second.json() as {
      refresh_token: string;
      access_token: string;
      user: { email: string };
    };
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.user.email).toBe(TEST_VISITOR.email);
    // config.toml's refresh_token_reuse_interval (10 s): a client that lost the answer to its
    // refresh retries with the old token and gets the session's active token, not a new one.
    const retried = await refresh(first.refresh_token);
    expect(retried.status).toBe(200);
    expect((retried.json() as { refresh_token: string }).refresh_token).toBe(next.refresh_token);
    expect((await refresh(next.refresh_token)).status).toBe(200);
    const unknown = await refresh('no-such-token');
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  test('refreshes through supabase-js', async () => {
    const client = await em().signIn(TEST_VISITOR);
    const before = (await client.auth.getSession()).data.session;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before?.refresh_token);
  });
});

describe('user and logout', () => {
  test('answers GET /user with the user object and refuses a bad token with bad_jwt', async () => {
    const session = (await passwordGrant(TEST_ADMIN.email, TEST_ADMIN.password)).json() as {
      access_token: string;
    };
    const ok = await http(em(), '/auth/v1/user', {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(ok.status).toBe(200);
    expect((ok.json() as { email: string }).email).toBe(TEST_ADMIN.email);
    const forged = signJwt(
      { sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated' },
      'x'.repeat(40),
    );
    const bad = await http(em(), '/auth/v1/user', {
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(bad.status).toBe(403);
    expect((bad.json() as { code: string }).code).toBe('bad_jwt');
    const anon = await http(em(), '/auth/v1/user', {
      headers: { Authorization: `Bearer ${em().anonKey}` },
    });
    expect(anon.status).toBe(403);
    expect(anon.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  test('logs out locally: 204, then the session and its refresh token stop working', async () => {
    const session = (await passwordGrant(TEST_VISITOR.email, TEST_VISITOR.password)).json() as {
      access_token: string;
      refresh_token: string;
    };
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const out = await http(em(), '/auth/v1/logout?scope=local', { method: 'POST', headers: auth });
    expect(out.status).toBe(204);
    const user = await http(em(), '/auth/v1/user', { headers: auth });
    expect(user.status).toBe(403);
    expect((user.json() as { code: string }).code).toBe('session_not_found');
    const refreshed = await http(em(), '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: VERSION,
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(400);
    expect((refreshed.json() as { code: string }).code).toBe('refresh_token_not_found');
  });

  test('logs out others, keeping the current session, and globally, ending all', async () => {
    const a = await em().signIn(TEST_VISITOR);
    const b = await em().signIn(TEST_VISITOR);
    const bToken = (await b.auth.getSession()).data.session?.access_token ?? '';
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    const ended = await http(em(), '/auth/v1/user', {
      headers: { Authorization: `Bearer ${bToken}` },
    });
    expect(ended.status).toBe(403);
    expect((ended.json() as { code: string }).code).toBe('session_not_found');
    const c = await em().signIn(TEST_VISITOR);
    const cToken = (await c.auth.getSession()).data.session?.access_token ?? '';
    expect((await a.auth.signOut({ scope: 'global' })).error).toBeNull();
    const after = await http(em(), '/auth/v1/user', {
      headers: { Authorization: `Bearer ${cToken}` },
    });
    expect(after.status).toBe(403);
  });

  test('signs out through supabase-js and clears the session', async () => {
    const client = await em().signIn(TEST_VISITOR);
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
  });

  test('answers PUT /user for metadata and refuses a weak password with 422', async () => {
    const client = await em().signIn(TEST_VISITOR);
    const { data, error } = await client.auth.updateUser({ data: { nickname: 'Navigator' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ nickname: 'Navigator' });
    const weak = await client.auth.updateUser({ password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
  });
});

describe('sign-up and settings', () => {
  test('refuses sign-up with 422 signup_disabled', async () => {
    const res = await http(em(), '/auth/v1/signup', {
      method: 'POST',
      headers: VERSION,
      body: JSON.stringify({ email: 'new@contract.test', password: 'a-long-password' }),
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    });
    const { error } = await em().anon.auth.signUp({
      email: 'new@contract.test',
      password: 'a-long-password',
    });
    expect(error?.code).toBe('signup_disabled');
    expect((await passwordGrant('new@contract.test', 'a-long-password')).status).toBe(400);
  });

  test('publishes its settings with sign-up disabled', async () => {
    const res = await http(em(), '/auth/v1/settings');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ disable_signup: true, external: { email: true } });
  });
});
