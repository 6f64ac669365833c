// GoTrue's emailed links through the real supabase-js calls: password recovery end to end
// (resetPasswordForEmail → the caught email → verifyOtp → updateUser → sign in), invitations,
// magic links, generated links, the /verify redirect, expiry, single use and the send limits.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { caughtMail, http, makeClient, setupTestEmulator, type TestEmulator } from './harness';

const em = setupTestEmulator();

const SITE = 'http://localhost:5173';
const RESET_PAGE = `${SITE}/admin/reset-password`;

let counter = 0;
/** A confirmed user of its own for each test, so the per-address send limit never interferes. */
async function newUser(emulator: TestEmulator, password = 'first-password-2026') {
  const email = `organiser-${Date.now()}-${counter++}@example.com`;
  const { error } = await emulator.service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw new Error(error.message);
  return { email, password };
}

/** The verify link of the newest email to `email`, and the token hash it carries. */
async function latestLink(emulator: TestEmulator, email: string) {
  const [message] = await caughtMail(emulator, email);
  const href = /href="([^"]+)"/.exec(message?.html ?? '')?.[1]?.replace(/&#38;/g, '&');
  if (!message || !href) throw new Error(`no link in the newest email to ${email}`);
  const link = new URL(href);
  return { message, link, tokenHash: link.searchParams.get('token') ?? '' };
}

describe('password recovery', () => {
  test('resets a password through the emailed link: verifyOtp, updateUser, sign in', async () => {
    const { email, password } = await newUser(em());
    const client = makeClient(em().url, em().anonKey);
    const sent = await client.auth.resetPasswordForEmail(email, { redirectTo: RESET_PAGE });
    expect(sent).toEqual({ data: {}, error: null });

    const { message, link, tokenHash } = await latestLink(em(), email);
    expect(message).toMatchObject({ subject: 'Reset your password', to: [email], sent_by: 'auth' });
    expect(`${link.origin}${link.pathname}`).toBe(`${em().url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(RESET_PAGE);
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/);

    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    const updated = await client.auth.updateUser({ password: 'second-password-2026' });
    expect(updated.error).toBeNull();

    const fresh = makeClient(em().url, em().anonKey);
    expect((await fresh.auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    const signedIn = await fresh.auth.signInWithPassword({
      email,
      password: 'second-password-2026',
    });
    expect(signedIn.error).toBeNull();

    // The link works once.
    const again = await makeClient(em().url, em().anonKey).auth.verifyOtp({
      token_hash: tokenHash,
      type: 'recovery',
    });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.message).toBe('Email link is invalid or has expired');
  });

  test('answers 200 {} for an address without an account, and sends nothing', async () => {
    const client = makeClient(em().url, em().anonKey);
    const ghost = 'nobody-here@example.com';
    expect(await client.auth.resetPasswordForEmail(ghost)).toEqual({ data: {}, error: null });
    expect(await caughtMail(em(), ghost)).toEqual([]);
  });

  test('holds back a second email to the same address within max_frequency (429)', async () => {
    const { email } = await newUser(em());
    const client = makeClient(em().url, em().anonKey);
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await client.auth.resetPasswordForEmail(email);
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe('over_email_send_rate_limit');
    expect(second.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    expect(await caughtMail(em(), email)).toHaveLength(1);
  });

  test('signs in through the GET link: 303 to redirect_to with the session in the fragment', async () => {
    const { email } = await newUser(em());
    await makeClient(em().url, em().anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: RESET_PAGE,
    });
    const { link } = await latestLink(em(), email);
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(`${RESET_PAGE}#access_token=`)).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('type')).toBe('recovery');
    const user = await http(em(), '/auth/v1/user', {
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(user.json()).toMatchObject({ email });

    // Used once: the same link now redirects with GoTrue's error fragment.
    const reused = await fetch(link, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe(
      `${RESET_PAGE}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
  });

  test('sends a link with a redirect outside the allow-list back to the site URL', async () => {
    const { email } = await newUser(em());
    await makeClient(em().url, em().anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.example/steal',
    });
    const { link } = await latestLink(em(), email);
    expect(link.searchParams.get('redirect_to')).toBe(em().emulator.config.siteUrl);
  });

  test('refuses a link older than otp_expiry', async () => {
    const { email } = await newUser(em());
    await makeClient(em().url, em().anonKey).auth.resetPasswordForEmail(email);
    const { tokenHash } = await latestLink(em(), email);
    await em().emulator.db.query(
      "update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1",
      [email],
    );
    const late = await makeClient(em().url, em().anonKey).auth.verifyOtp({
      token_hash: tokenHash,
      type: 'recovery',
    });
    expect(late.error?.code).toBe('otp_expired');
  });
});

describe('invitations', () => {
  test('invites a new user who accepts, chooses a password and signs in', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const invited = await em().service.auth.admin.inviteUserByEmail(email, {
      redirectTo: `${SITE}/admin/accept-invite`,
      data: { full_name: 'Zoë O’Brien' },
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { full_name: 'Zoë O’Brien' } });
    expect(invited.data.user?.invited_at).toBeTruthy();
    expect(invited.data.user?.email_confirmed_at).toBeUndefined();

    const { message, tokenHash, link } = await latestLink(em(), email);
    expect(message.subject).toBe("You've been invited");
    expect(link.searchParams.get('type')).toBe('invite');

    const client = makeClient(em().url, em().anonKey);
    const accepted = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.updateUser({ password: 'invited-password-2026' })).error).toBeNull();
    const signedIn = await makeClient(em().url, em().anonKey).auth.signInWithPassword({
      email,
      password: 'invited-password-2026',
    });
    expect(signedIn.error).toBeNull();
  });

  test('refuses to invite an address already registered, and callers without the service key', async () => {
    const { email } = await newUser(em());
    const again = await em().service.auth.admin.inviteUserByEmail(email);
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('email_exists');
    const byVisitor = await em().visitor.auth.admin.inviteUserByEmail('someone@example.com');
    expect(byVisitor.error?.status).toBe(403);
    expect(await caughtMail(em(), 'someone@example.com')).toEqual([]);
  });
});

describe('generated links and codes', () => {
  test('generates a magic link whose code signs in with verifyOtp({ email, token })', async () => {
    const { email } = await newUser(em());
    const { data, error } = await em().service.auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: `${SITE}/admin` },
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: 'magiclink',
      redirect_to: `${SITE}/admin`,
    });
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.action_link).toContain(`token=${data.properties?.hashed_token}`);
    expect(await caughtMail(em(), email)).toEqual([]);

    const client = makeClient(em().url, em().anonKey);
    const wrong = await client.auth.verifyOtp({ email, token: '000000', type: 'magiclink' });
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const right = await client.auth.verifyOtp({
      email,
      token: data.properties?.email_otp ?? '',
      type: 'magiclink',
    });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });

  test('answers 404 for a recovery link of an unknown address', async () => {
    const { error } = await em().service.auth.admin.generateLink({
      type: 'recovery',
      email: 'unknown-address@example.com',
    });
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('user_not_found');
  });
});

describe('magic links by email (signInWithOtp)', () => {
  test('emails an existing user a sign-in link and creates nobody while sign-up is off', async () => {
    const { email } = await newUser(em());
    const client = makeClient(em().url, em().anonKey);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const { tokenHash, message } = await latestLink(em(), email);
    expect(message.subject).toBe('Your sign-in link');
    const signedIn = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(signedIn.data.session?.user.email).toBe(email);

    const stranger = await client.auth.signInWithOtp({ email: 'stranger@example.com' });
    expect(stranger.error?.status).toBe(422);
    expect(stranger.error?.code).toBe('signup_disabled');
    const noCreate = await client.auth.signInWithOtp({
      email: 'stranger@example.com',
      options: { shouldCreateUser: false },
    });
    expect(noCreate.error?.code).toBe('otp_disabled');
  });
});

describe('configured templates and the hourly limit', () => {
  const limited = setupTestEmulator({
    authEmail: {
      emailsPerHour: 2,
      templates: {
        invite: { subject: null, contentPath: null },
        confirmation: { subject: null, contentPath: null },
        magic_link: { subject: null, contentPath: null },
        recovery: {
          subject: 'Reset your rally password, {{ .Email }}',
          contentPath: path.resolve(__dirname, 'fixtures/templates/recovery.html'),
        },
      },
    },
  });

  test('renders config.toml’s template: a token_hash link to the app’s own page', async () => {
    const { email } = await newUser(limited());
    const client = makeClient(limited().url, limited().anonKey);
    await client.auth.resetPasswordForEmail(email);
    const [message] = await caughtMail(limited(), email);
    expect(message?.subject).toBe(`Reset your rally password, ${email}`);
    const href = /href="([^"]+)"/.exec(message?.html ?? '')?.[1]?.replace(/&#38;/g, '&') ?? '';
    const link = new URL(href);
    expect(`${link.origin}${link.pathname}`).toBe(
      `${limited().emulator.config.siteUrl}/admin/reset-password`,
    );
    expect(link.searchParams.get('type')).toBe('recovery');
    const verified = await client.auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
  });

  test('answers 429 email rate limit exceeded once the project has sent email_sent emails this hour', async () => {
    const client = makeClient(limited().url, limited().anonKey);
    // The test above sent one of the two.
    const { email: second } = await newUser(limited());
    expect((await client.auth.resetPasswordForEmail(second)).error).toBeNull();
    const { email: third } = await newUser(limited());
    const refused = await client.auth.resetPasswordForEmail(third);
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe('over_email_send_rate_limit');
    expect(refused.error?.message).toBe('email rate limit exceeded');
    expect(await caughtMail(limited(), third)).toEqual([]);
  });
});
