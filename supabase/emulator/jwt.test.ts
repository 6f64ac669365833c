import { describe, expect, test } from 'vitest';
import { DEMO_JWT_SECRET, loadConfig } from './config';
import { signJwt, verifyJwt } from './jwt';

// The Supabase CLI's well-known local keys (also in .env.example).
const CLI_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const CLI_SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

describe('HS256 JWTs', () => {
  test('verifies the CLI anon and service keys with the demo secret', () => {
    expect(verifyJwt(CLI_ANON_KEY, DEMO_JWT_SECRET)).toMatchObject({
      ok: true,
      claims: { role: 'anon', iss: 'supabase-demo' },
    });
    expect(verifyJwt(CLI_SERVICE_KEY, DEMO_JWT_SECRET)).toMatchObject({
      ok: true,
      claims: { role: 'service_role' },
    });
  });

  test('derives exactly the CLI keys from the demo secret', () => {
    const config = loadConfig({}, {});
    expect(config.anonKey).toBe(CLI_ANON_KEY);
    expect(config.serviceRoleKey).toBe(CLI_SERVICE_KEY);
  });

  test('round-trips claims it signed', () => {
    const token = signJwt(
      { role: 'authenticated', sub: 'u1', exp: 2_000_000_000 },
      DEMO_JWT_SECRET,
    );
    expect(verifyJwt(token, DEMO_JWT_SECRET, 1_900_000_000)).toEqual({
      ok: true,
      claims: { role: 'authenticated', sub: 'u1', exp: 2_000_000_000 },
    });
  });

  test('refuses a token signed with another secret, a tampered payload and alg none', () => {
    expect(verifyJwt(CLI_ANON_KEY, 'another-secret-with-enough-characters-in-it')).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    const [header, , signature] = CLI_ANON_KEY.split('.');
    const payload = Buffer.from(
      JSON.stringify({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }),
    ).toString('base64url');
    expect(verifyJwt(`${header}.${payload}.${signature}`, DEMO_JWT_SECRET)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(`${none}.${payload}.`, DEMO_JWT_SECRET)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  test('refuses a token without exp: once leaked it would be valid forever', () => {
    const forever = signJwt({ role: 'service_role' }, DEMO_JWT_SECRET);
    expect(verifyJwt(forever, DEMO_JWT_SECRET)).toMatchObject({ ok: false, reason: 'invalid' });
    const text = signJwt({ role: 'anon', exp: '2000000000' }, DEMO_JWT_SECRET);
    expect(verifyJwt(text, DEMO_JWT_SECRET)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  test('refuses an expired token as expired', () => {
    const token = signJwt({ role: 'anon', exp: 1_000 }, DEMO_JWT_SECRET);
    expect(verifyJwt(token, DEMO_JWT_SECRET, 1_000)).toEqual({
      ok: false,
      reason: 'expired',
      message: 'JWT expired',
    });
  });
});
