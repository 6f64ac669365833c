// More than one administrator: the admin-users Edge Function (list, invite, remove) under Deno
// with the real supabase-js, the invitation caught by the mail catcher and accepted through
// GoTrue's verify link, and the SQL rule that the last administrator is never removed, also when
// two removals race.
import { afterEach, describe, expect, test } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import {
  caughtMail,
  http,
  makeClient,
  setupTestEmulator,
  TEST_ADMIN,
  type Client,
} from './harness';

const em = setupTestEmulator();

type Answer = { status: number; body: Record<string, unknown> };

/** Calls admin-users as `client` and answers the status and JSON, refusals included. */
async function adminUsers(client: Client, body: Record<string, unknown>): Promise<Answer> {
  const { data, error } = await client.functions.invoke('admin-users', { body });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  throw error;
}

type Administrator = { id: string; email: string; confirmed_at: string | null };

async function administrators(client: Client): Promise<Administrator[]> {
  const answer = await adminUsers(client, { action: 'list' });
  expect(answer.status).toBe(200);
  return answer.body.administrators as Administrator[];
}

/** A second administrator with a password, made with the service role. */
async function arrangeAdministrator(email: string, password = 'second-admin-password') {
  const { data, error } = await em().service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (error || !data.user) throw new Error(`arrange ${email}: ${error?.message}`);
  return { id: data.user.id, client: await em().signIn({ email, password }) };
}

/** Leaves only the contract's administrator with the role, as every test expects at its start. */
afterEach(async () => {
  const { data } = await em().service.auth.admin.listUsers();
  for (const user of data.users) {
    if (user.email !== TEST_ADMIN.email && user.app_metadata.role === 'admin') {
      await em().service.auth.admin.deleteUser(user.id);
    }
  }
  const { data: left } = await em().service.auth.admin.listUsers();
  const admin = left.users.find((user) => user.email === TEST_ADMIN.email);
  if (admin && admin.app_metadata.role !== 'admin') {
    await em().service.auth.admin.updateUserById(admin.id, { app_metadata: { role: 'admin' } });
  }
});

describe('admin-users', () => {
  test('lists the administrators with their state, for an administrator only', async () => {
    const listed = await administrators(em().admin);
    expect(listed.map((a) => a.email)).toEqual([TEST_ADMIN.email]);
    expect(listed[0]?.confirmed_at).toBeTruthy();

    for (const caller of [em().anon, em().visitor]) {
      const refused = await adminUsers(caller, { action: 'list' });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(TEST_ADMIN.email);
    }
  });

  test('refuses a non-administrator every action, and changes nothing', async () => {
    const { id } = await arrangeAdministrator('kept@contract.test');
    for (const caller of [em().anon, em().visitor]) {
      const invite = await adminUsers(caller, { action: 'invite', email: 'sneaky@contract.test' });
      const remove = await adminUsers(caller, { action: 'remove', id });
      expect([invite.status, remove.status]).toEqual([403, 403]);
    }
    expect(await caughtMail(em(), 'sneaky@contract.test')).toHaveLength(0);
    expect((await administrators(em().admin)).map((a) => a.id)).toContain(id);
  });

  test('invites by email: the caught link signs the new administrator in', async () => {
    const email = `invited.${Date.now()}@contract.test`;
    const redirectTo = `${em().emulator.config.siteUrl}/admin/set-password`;
    const answer = await adminUsers(em().admin, { action: 'invite', email, redirectTo });
    expect(answer).toEqual({ status: 200, body: { outcome: 'invited', email } });

    const listed = (await administrators(em().admin)).find((a) => a.email === email);
    expect(listed?.confirmed_at).toBeNull();

    const [mail] = await caughtMail(em(), email);
    const link = /href="([^"]+)"/.exec(mail?.html ?? '')?.[1]?.replace(/&#38;/g, '&');
    expect(link).toContain('type=invite');
    const followed = await fetch(link ?? '', { redirect: 'manual' });
    const location = new URL(followed.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    const invited = makeClient(em().url, em().anonKey);
    const { data, error } = await invited.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('admin');
    // The new administrator chooses a password, and is one: the list answers them too.
    const { error: passwordError } = await invited.auth.updateUser({
      password: 'chosen-password-1',
    });
    expect(passwordError).toBeNull();
    const again = await em().signIn({ email, password: 'chosen-password-1' });
    expect((await administrators(again)).find((a) => a.email === email)?.confirmed_at).toBeTruthy();
  });

  test('validates the address on the server, and refuses an administrator twice', async () => {
    for (const email of ['', 'not-an-address', 'a@b']) {
      const answer = await adminUsers(em().admin, { action: 'invite', email });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('email');
    }
    const twice = await adminUsers(em().admin, { action: 'invite', email: TEST_ADMIN.email });
    expect(twice).toEqual({
      status: 409,
      body: { error: `${TEST_ADMIN.email} is already an administrator.`, field: 'email' },
    });
  });

  test('removes another administrator (who is signed out) and gives a former one the role back', async () => {
    const email = 'second@contract.test';
    const second = await arrangeAdministrator(email);
    expect(await adminUsers(em().admin, { action: 'remove', id: second.id })).toEqual({
      status: 200,
      body: { outcome: 'removed' },
    });
    expect((await administrators(em().admin)).map((a) => a.email)).toEqual([TEST_ADMIN.email]);
    // Their sessions ended: the refresh token no longer works.
    const { error } = await second.client.auth.refreshSession();
    expect(error?.message).toMatch(/Refresh Token/);

    const back = await adminUsers(em().admin, { action: 'invite', email });
    expect(back).toEqual({ status: 200, body: { outcome: 'promoted', email } });
    expect((await administrators(em().admin)).map((a) => a.email)).toContain(email);
  });

  test('never removes the last administrator', async () => {
    const [me] = await administrators(em().admin);
    const answer = await adminUsers(em().admin, { action: 'remove', id: me?.id });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(
      'The last administrator cannot be removed. Invite another administrator first.',
    );
    expect(await administrators(em().admin)).toHaveLength(1);
    const unknown = await adminUsers(em().admin, {
      action: 'remove',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the administrator functions in SQL', () => {
  test('nobody but the service role may call them through the API', async () => {
    for (const caller of [em().anon, em().visitor, em().admin]) {
      const listed = await caller.rpc('list_administrators');
      const granted = await caller.rpc('grant_administrator', {
        target_email: 'visitor@contract.test',
      });
      const removed = await caller.rpc('remove_administrator', {
        target: '00000000-0000-4000-8000-000000000000',
      });
      for (const { error } of [listed, granted, removed]) expect(error?.code).toBe('42501');
    }
    const { data } = await em().service.auth.admin.listUsers();
    const visitor = data.users.find((user) => user.email === 'visitor@contract.test');
    expect(visitor?.app_metadata.role).toBeUndefined();
  });

  test('auth.users is not reachable through the REST API', async () => {
    const answer = await http(em(), '/rest/v1/users?select=email', {
      headers: { 'accept-profile': 'auth' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.text).not.toContain(TEST_ADMIN.email);
  });

  test('two administrators removing each other at once leave one of them', async () => {
    const [me] = await administrators(em().admin);
    const second = await arrangeAdministrator('racer@contract.test');
    const outcomes = await Promise.all([
      em().service.rpc('remove_administrator', { target: me?.id ?? '' }),
      em().service.rpc('remove_administrator', { target: second.id }),
    ]);
    expect(outcomes.map((o) => o.data).sort()).toEqual(['last', 'removed']);
    const { data } = await em().service.rpc('list_administrators');
    expect(data).toHaveLength(1);
  });
});
