// Attack sweep, round two (issue 20, items 9 and 12): a removed administrator stays removed. The
// access token they still hold says `role: admin` until it expires, so rights must come from the
// database (supabase/schemas/foundation.sql): at the very next request, through REST and through the
// admin-users Edge Function, the token gets nothing an administrator gets. Also: inviting an
// existing account never promotes it silently unless it was an administrator before, and deleting
// a user who has rows in the trash works (the foreign key's `on delete set null` is not undone).
import { afterEach, describe, expect, test } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { arrangeRow, caughtMail, setupTestEmulator, TEST_ADMIN, type Client } from './harness';

const em = setupTestEmulator();

async function adminUsers(client: Client, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('admin-users', { body });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  throw error;
}

/** A user with a password (an administrator when `admin`), signed in. */
async function arrangeUser(email: string, admin: boolean) {
  const password = 'hostile-admin-password';
  const { data, error } = await em().service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: admin ? { role: 'admin' } : {},
  });
  if (error || !data.user) throw new Error(`arrange ${email}: ${error?.message}`);
  return { id: data.user.id, client: await em().signIn({ email, password }) };
}

const registration = () =>
  arrangeRow(em(), 'registrations', {
    lead_driver_name: 'Ada Lovelace',
    lead_driver_email: 'ada@example.org',
    lead_driver_phone: '+44 20 7946 0000',
  });

/** What an administrator's token can do: read registrations, and use admin-users. */
async function powers(client: Client, registrationId: string) {
  const read = await client.from('registrations').select('id').eq('id', registrationId);
  const listed = await adminUsers(client, { action: 'list' });
  return { reads: (read.data ?? []).length, adminUsers: listed.status };
}

afterEach(async () => {
  const { data } = await em().service.auth.admin.listUsers();
  for (const user of data.users) {
    if (user.email !== TEST_ADMIN.email && user.email !== 'visitor@contract.test') {
      await em().service.auth.admin.deleteUser(user.id);
    }
  }
});

describe('a removed administrator stays removed', () => {
  test('the token they still hold is refused at the next request, through REST and Edge Functions', async () => {
    const id = await registration();
    const removed = await arrangeUser('removed@contract.test', true);
    expect(await powers(removed.client, id)).toEqual({ reads: 1, adminUsers: 200 });

    const outcome = await adminUsers(em().admin, { action: 'remove', id: removed.id });
    expect(outcome.status).toBe(200);

    // The same access token, still unexpired and still saying role: admin.
    const { data: session } = await removed.client.auth.getSession();
    expect(session.session?.user.app_metadata.role).toBe('admin');
    expect(await powers(removed.client, id)).toEqual({ reads: 0, adminUsers: 403 });
    const { data: isAdmin } = await removed.client.rpc('is_admin');
    expect(isAdmin).toBe(false);

    // Nor can it make someone else an administrator to come back through.
    const invite = await adminUsers(removed.client, {
      action: 'invite',
      email: 'accomplice@contract.test',
    });
    expect(invite.status).toBe(403);
    const { data: users } = await em().service.auth.admin.listUsers();
    expect(users.users.map((user) => user.email)).not.toContain('accomplice@contract.test');
  });

  test('a role taken away in the database, or a signed-out session, ends the rights at once', async () => {
    const id = await registration();
    const demoted = await arrangeUser('demoted@contract.test', true);
    await em().service.auth.admin.updateUserById(demoted.id, { app_metadata: { role: null } });
    expect(await powers(demoted.client, id)).toEqual({ reads: 0, adminUsers: 403 });

    const leaving = await arrangeUser('leaving@contract.test', true);
    const { data: held } = await leaving.client.auth.getSession();
    const token = held.session?.access_token ?? '';
    await leaving.client.auth.signOut({ scope: 'global' });
    // Whoever copied the token before the sign-out holds an administrator's claims and no session.
    const read = await fetch(`${em().url}/rest/v1/registrations?select=id&id=eq.${id}`, {
      headers: { apikey: em().anonKey, authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([]);
  });
});

describe('inviting an existing account', () => {
  test('a former administrator gets the role back silently; anyone else is told by email', async () => {
    const former = await arrangeUser('former@contract.test', true);
    expect((await adminUsers(em().admin, { action: 'remove', id: former.id })).status).toBe(200);
    const stranger = await arrangeUser('stranger@contract.test', false);
    expect(stranger.id).toBeTruthy();

    for (const [email, outcome] of [
      ['former@contract.test', 'promoted'],
      ['stranger@contract.test', 'notified'],
    ]) {
      expect(await adminUsers(em().admin, { action: 'invite', email })).toEqual({
        status: 200,
        body: { outcome, email },
      });
    }
    expect(await caughtMail(em(), 'former@contract.test')).toEqual([]);
    const told = await caughtMail(em(), 'stranger@contract.test');
    expect(told.map((mail) => mail.subject)).toEqual([
      'You are now an administrator of the Europe Rally website',
    ]);
    expect(told[0]?.text).toContain('/admin');
  });
});

describe('deleting a user', () => {
  test('works when they have rows in the trash, which keep their time and lose the name', async () => {
    const trasher = await arrangeUser('trasher@contract.test', true);
    const photo = await arrangeRow(em(), 'gallery_images', {
      title: 'Trashed by a user who leaves',
      url: 'seed/gallery/x.webp',
      alt: 'A test photo',
      published: true,
    });
    const sponsor = await arrangeRow(em(), 'sponsors', {
      name: 'Trashed Sponsor Ltd',
      published: false,
    });
    const trashedAt = new Date().toISOString();
    for (const [table, id] of [
      ['gallery_images', photo],
      ['sponsors', sponsor],
    ] as const) {
      const { error } = await trasher.client
        .from(table)
        .update({ deleted_at: trashedAt })
        .eq('id', id);
      expect(error).toBeNull();
    }
    const trashed = async () =>
      Promise.all(
        (['gallery_images', 'sponsors'] as const).map(async (table) => {
          const { data } = await em()
            .service.from(table)
            .select('deleted_at, deleted_by')
            .eq('id', table === 'sponsors' ? sponsor : photo)
            .single();
          return data;
        }),
      );
    const before = await trashed();
    expect(before.map((row) => row?.deleted_by)).toEqual([trasher.id, trasher.id]);

    const { error } = await em().service.auth.admin.deleteUser(trasher.id);
    expect(error).toBeNull();

    expect(await trashed()).toEqual(
      before.map((row) => ({ deleted_at: row?.deleted_at, deleted_by: null })),
    );
  });

  test('a trashed row still keeps who trashed it against any other update', async () => {
    const photo = await arrangeRow(em(), 'gallery_images', {
      title: 'Trashed by the contract administrator',
      url: 'seed/gallery/y.webp',
      alt: 'A test photo',
      published: true,
    });
    await em()
      .admin.from('gallery_images')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', photo);
    const before = await em()
      .service.from('gallery_images')
      .select('deleted_by')
      .eq('id', photo)
      .single();
    expect(before.data?.deleted_by).toBeTruthy();
    await em()
      .service.from('gallery_images')
      .update({ deleted_by: null, title: 'Renamed in the trash' })
      .eq('id', photo);
    const after = await em()
      .service.from('gallery_images')
      .select('deleted_by, title')
      .eq('id', photo)
      .single();
    expect(after.data).toEqual({
      deleted_by: before.data?.deleted_by,
      title: 'Renamed in the trash',
    });
  });
});
