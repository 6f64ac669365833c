// With sign-up enabled in config (supabase/config.toml [auth] enable_signup = true), a new user
// gets a session at once: there is no mailer locally, so addresses are confirmed on sign-up.
import { expect, test } from 'vitest';
import { makeClient, setupTestEmulator } from './harness';

const em = setupTestEmulator({ enableSignup: true });

test('signs up a new user without the admin role, who can then sign in', async () => {
  const client = makeClient(em().url, em().anonKey);
  const { data, error } = await client.auth.signUp({
    email: 'new.driver@contract.test',
    password: 'a-long-password',
    options: { data: { team: 'Blue' } },
  });
  expect(error).toBeNull();
  expect(data.session?.access_token).toBeTruthy();
  expect(data.user).toMatchObject({
    email: 'new.driver@contract.test',
    user_metadata: { team: 'Blue' },
  });
  expect(data.user?.app_metadata.role).toBeUndefined();
  const again = await makeClient(em().url, em().anonKey).auth.signInWithPassword({
    email: 'new.driver@contract.test',
    password: 'a-long-password',
  });
  expect(again.error).toBeNull();
  const refused = await client.from('sponsors').insert({ name: 'Nope', tier: 'Tier 3' });
  expect(refused.status).toBe(403);
});

test('refuses a second sign-up with the same address and a weak password', async () => {
  const client = makeClient(em().url, em().anonKey);
  const dup = await client.auth.signUp({
    email: 'new.driver@contract.test',
    password: 'a-long-password',
  });
  expect(dup.error?.code).toBe('user_already_exists');
  // config.toml's [auth] minimum_password_length is 10: nine characters are too few.
  const weak = await client.auth.signUp({ email: 'other@contract.test', password: 'nine-char' });
  expect(weak.error?.status).toBe(422);
  expect(weak.error?.code).toBe('weak_password');
  expect(weak.error?.message).toBe('Password should be at least 10 characters.');
});

test('says so in its settings', async () => {
  const res = await fetch(`${em().url}/auth/v1/settings`, { headers: { apikey: em().anonKey } });
  expect(await res.json()).toMatchObject({ disable_signup: false });
});
