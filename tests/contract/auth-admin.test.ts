// GoTrue's admin API for users through supabase-js `auth.admin.*`: the service role creates,
// lists, reads, updates and deletes users; the anon key and signed-in users are refused.
import { describe, expect, test } from 'vitest';
import { http, makeClient, setupTestEmulator, TEST_VISITOR } from './harness';

const em = setupTestEmulator();

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@admin-api.test`;
}

describe('creating users', () => {
  test('creates a confirmed user with metadata, who can then sign in', async () => {
    const email = uniqueEmail('Navigator');
    const { data, error } = await em().service.auth.admin.createUser({
      email,
      password: 'navigator-password',
      email_confirm: true,
      app_metadata: { team: 'blue' },
      user_metadata: { name: 'Navigator' },
    });
    expect(error).toBeNull();
    const user = data.user;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      app_metadata: { provider: 'email', providers: ['email'], team: 'blue' },
      user_metadata: { name: 'Navigator' },
      is_anonymous: false,
    });
    expect(user?.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(user?.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: user?.id }),
    ]);
    expect(user?.app_metadata.role).toBeUndefined();

    const client = await em().signIn({ email, password: 'navigator-password' });
    // Not an administrator: RLS refuses their writes.
    const insert = await client.from('gallery_images').insert({ title: 'No', url: 'no.webp' });
    expect(insert.error?.code).toBe('42501');
  });

  test('creates an administrator when app_metadata carries the admin role', async () => {
    const email = uniqueEmail('chief');
    const { data, error } = await em().service.auth.admin.createUser({
      email,
      password: 'chief-password',
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ role: 'admin', provider: 'email' });
    const client = await em().signIn({ email, password: 'chief-password' });
    // An administrator: RLS lets their writes through.
    const insert = await client
      .from('gallery_images')
      .insert({ title: 'Admin API check', url: 'check.webp' })
      .select('id')
      .single();
    expect(insert.error).toBeNull();
    await em()
      .service.from('gallery_images')
      .delete()
      .eq('id', insert.data?.id ?? '');
  });

  test('leaves an unconfirmed user unable to sign in', async () => {
    const email = uniqueEmail('unconfirmed');
    const { data, error } = await em().service.auth.admin.createUser({
      email,
      password: 'unconfirmed-password',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const { error: signInError } = await em().anon.auth.signInWithPassword({
      email,
      password: 'unconfirmed-password',
    });
    expect(signInError?.code).toBe('email_not_confirmed');
  });

  test('refuses an address already registered with 422 email_exists', async () => {
    const { data, error } = await em().service.auth.admin.createUser({
      email: TEST_VISITOR.email.toUpperCase(),
      password: 'another-password',
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
    expect(error?.message).toBe('A user with this email address has already been registered');
  });

  test('refuses a user without an email and a malformed email with validation_failed', async () => {
    const missing = await em().service.auth.admin.createUser({ password: 'whatever-password' });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.message).toBe('Cannot create a user without either an email or phone');
    const malformed = await em().service.auth.admin.createUser({ email: 'not-an-address' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe('validation_failed');
  });
});

describe('listing, reading, updating and deleting users', () => {
  test('lists users newest first in pages with the total and next/last links', async () => {
    const first = uniqueEmail('list-a');
    const second = uniqueEmail('list-b');
    await em().service.auth.admin.createUser({ email: first, password: 'list-password' });
    await em().service.auth.admin.createUser({ email: second, password: 'list-password' });

    const { data, error } = await em().service.auth.admin.listUsers({ page: 1, perPage: 1 });
    if (error || !('aud' in data)) throw new Error(`listUsers failed: ${error?.message}`);
    expect(data.aud).toBe('authenticated');
    expect(data.users.map((u) => u.email)).toEqual([second.toLowerCase()]);
    expect(data.total).toBeGreaterThanOrEqual(4);
    expect(data.nextPage).toBe(2);

    const raw = await http(em(), '/auth/v1/admin/users?page=2&per_page=1', {
      headers: { Authorization: `Bearer ${em().serviceKey}` },
      key: em().serviceKey,
    });
    expect(raw.status).toBe(200);
    expect(Object.keys(raw.json() as object).sort()).toEqual(['aud', 'users']);
    expect((raw.json() as { users: { email: string }[] }).users[0]?.email).toBe(
      first.toLowerCase(),
    );
    const total = Number(raw.headers.get('x-total-count'));
    expect(raw.headers.get('link')).toBe(
      `<${em().url}/auth/v1/admin/users?page=3&per_page=1>; rel="next", ` +
        `<${em().url}/auth/v1/admin/users?page=${total}&per_page=1>; rel="last"`,
    );

    const all = await em().service.auth.admin.listUsers();
    expect(all.data.users.map((u) => u.email)).toEqual(
      expect.arrayContaining([first.toLowerCase(), second.toLowerCase(), TEST_VISITOR.email]),
    );
  });

  test('reads a user by id and answers 404 user_not_found for an unknown id', async () => {
    const email = uniqueEmail('read');
    const created = await em().service.auth.admin.createUser({ email, password: 'read-password' });
    const id = created.data.user?.id ?? '';
    const { data, error } = await em().service.auth.admin.getUserById(id);
    expect(error).toBeNull();
    expect(data.user).toEqual(created.data.user);

    const missing = await em().service.auth.admin.getUserById(
      '00000000-0000-4000-8000-000000000000',
    );
    expect(missing.data.user).toBeNull();
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
  });

  test('updates the password, metadata (null removes a key), confirmation and ban', async () => {
    const email = uniqueEmail('update');
    const created = await em().service.auth.admin.createUser({
      email,
      password: 'first-password',
      user_metadata: { name: 'Driver', car: 'Mini' },
    });
    const id = created.data.user?.id ?? '';
    const { data, error } = await em().service.auth.admin.updateUserById(id, {
      password: 'second-password',
      email_confirm: true,
      user_metadata: { car: null, seat: 'left' },
      app_metadata: { role: 'admin' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ name: 'Driver', seat: 'left' });
    expect(data.user?.app_metadata).toMatchObject({ role: 'admin', provider: 'email' });
    expect(created.data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    await em().signIn({ email, password: 'second-password' });

    const weak = await em().service.auth.admin.updateUserById(id, { password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');

    expect(
      (await em().service.auth.admin.updateUserById(id, { ban_duration: '24h' })).error,
    ).toBeNull();
    const banned = await em().anon.auth.signInWithPassword({ email, password: 'second-password' });
    expect(banned.error?.code).toBe('user_banned');
    await em().service.auth.admin.updateUserById(id, { ban_duration: 'none' });
    await em().signIn({ email, password: 'second-password' });
  });

  test('changes the email, refusing one that belongs to another user', async () => {
    const created = await em().service.auth.admin.createUser({
      email: uniqueEmail('before'),
      password: 'change-password',
      email_confirm: true,
    });
    const id = created.data.user?.id ?? '';
    const next = uniqueEmail('after');
    const { data } = await em().service.auth.admin.updateUserById(id, { email: next });
    expect(data.user?.email).toBe(next.toLowerCase());
    await em().signIn({ email: next, password: 'change-password' });
    const taken = await em().service.auth.admin.updateUserById(id, { email: TEST_VISITOR.email });
    expect(taken.error?.code).toBe('email_exists');
  });

  test('deletes a user: their session ends and they can no longer sign in', async () => {
    const email = uniqueEmail('delete');
    const created = await em().service.auth.admin.createUser({
      email,
      password: 'delete-password',
      email_confirm: true,
    });
    const id = created.data.user?.id ?? '';
    const client = await em().signIn({ email, password: 'delete-password' });
    const { error } = await em().service.auth.admin.deleteUser(id);
    expect(error).toBeNull();
    expect((await em().service.auth.admin.getUserById(id)).error?.status).toBe(404);
    expect((await client.auth.getUser()).error?.status).toBe(403);
    const again = await em().anon.auth.signInWithPassword({ email, password: 'delete-password' });
    expect(again.error?.code).toBe('invalid_credentials');
    expect((await em().service.auth.admin.deleteUser(id)).error?.code).toBe('user_not_found');
  });

  test('soft-deletes a user, freeing the address for a new account', async () => {
    const email = uniqueEmail('soft');
    const created = await em().service.auth.admin.createUser({ email, password: 'soft-password' });
    const id = created.data.user?.id ?? '';
    expect((await em().service.auth.admin.deleteUser(id, true)).error).toBeNull();
    expect((await em().service.auth.admin.getUserById(id)).error?.code).toBe('user_not_found');
    const again = await em().service.auth.admin.createUser({ email, password: 'soft-password' });
    expect(again.error).toBeNull();
  });
});

describe('refusals', () => {
  const ADMIN_CALLS = [
    ['GET', '/auth/v1/admin/users'],
    ['POST', '/auth/v1/admin/users'],
    ['GET', `/auth/v1/admin/users/00000000-0000-4000-8000-000000000000`],
    ['PUT', `/auth/v1/admin/users/00000000-0000-4000-8000-000000000000`],
    ['DELETE', `/auth/v1/admin/users/00000000-0000-4000-8000-000000000000`],
  ] as const;

  test('refuses the anon key with 403 not_admin on every admin route', async () => {
    for (const [method, path] of ADMIN_CALLS) {
      const res = await http(em(), path, {
        method,
        headers: { Authorization: `Bearer ${em().anonKey}`, 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ email: uniqueEmail('anon') }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
    const { error } = await em().anon.auth.admin.createUser({ email: uniqueEmail('anon') });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('not_admin');
  });

  test('refuses a signed-in user, even an administrator of the site, with 403 not_admin', async () => {
    for (const client of [em().visitor, em().admin]) {
      const list = await client.auth.admin.listUsers();
      expect(list.error?.status).toBe(403);
      expect(list.error?.code).toBe('not_admin');
      expect(list.data.users).toEqual([]);
    }
    const session = (await em().visitor.auth.getSession()).data.session;
    const res = await http(em(), '/auth/v1/admin/users', {
      headers: { Authorization: `Bearer ${session?.access_token ?? ''}` },
    });
    expect(res.status).toBe(403);
  });

  test('refuses a call without a bearer token with 401 and a forged one with 403 bad_jwt', async () => {
    const bare = await http(em(), '/auth/v1/admin/users', { key: '' });
    expect(bare.status).toBe(401);
    expect(bare.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a Bearer token',
    });
    const forged = makeClient(em().url, `${em().serviceKey.slice(0, -4)}AAAA`);
    const { error } = await forged.auth.admin.listUsers();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
  });
});
