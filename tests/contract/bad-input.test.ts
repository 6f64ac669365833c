// Bad input never crashes the emulator and never gets a 500: each gets the status and error
// shape Supabase gives. Also the CORS answers a browser relies on.
import { describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/emulator';
import { http, setupTestEmulator } from './harness';

const LIMIT = 64 * 1024;
const em = setupTestEmulator({ maxBodyBytes: LIMIT });

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('never a 500 for a client error', () => {
  test('answers malformed JSON with PGRST102 and bad_json', async () => {
    const rest = await http(em(), '/rest/v1/contact_messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "unterminated',
    });
    expect(rest.status).toBe(400);
    expect(rest.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
    const empty = await http(em(), '/rest/v1/contact_messages', { method: 'POST', body: '' });
    expect(empty.status).toBe(400);
    const scalar = await http(
      em(),
      '/rest/v1/sponsors?id=eq.00000000-0000-0000-0000-000000000000',
      {
        method: 'PATCH',
        key: em().serviceKey,
        body: '[1,2]',
      },
    );
    expect(scalar.status).toBe(400);
    const auth = await http(em(), '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: '{nope',
    });
    expect(auth.status).toBe(400);
    expect((auth.json() as { code: string }).code).toBe('bad_json');
  });

  test('answers a wrongly typed value in a body with 22P02, not 500', async () => {
    const res = await http(em(), '/rest/v1/sponsors', {
      method: 'POST',
      key: em().serviceKey,
      body: JSON.stringify({ name: 'Typed', sort_order: 'seven' }),
    });
    expect(res.status).toBe(400);
    expect((res.json() as { code: string }).code).toBe('22P02');
  });

  test.each([
    '/rest/v1/sponsors?select=*&id=eq.123',
    '/rest/v1/sponsors?published=eq.maybe',
    '/rest/v1/sponsors?sort_order=gt.abc',
    '/rest/v1/sponsors?created_at=lt.not-a-date',
    '/rest/v1/sponsors?select=name(',
    '/rest/v1/sponsors?select=name::no%20such%20type',
    '/rest/v1/sponsors?or=(name.eq.a,and(tier.eq.b)',
    '/rest/v1/sponsors?or=name.eq.a',
    '/rest/v1/sponsors?name=in.a,b',
    '/rest/v1/sponsors?order=',
    '/rest/v1/sponsors?offset=-1',
    '/rest/v1/sponsors?name=match.(unclosed',
    '/rest/v1/%E0%A4%A',
    '/rest/v1/sponsors/extra',
    '/rest/v1/rpc/nothing',
    '/rest/v1/',
  ])('answers %s with a 4xx in PostgREST shape', async (path) => {
    const res = await http(em(), path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json()).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
  });

  test('answers a bad, expired or foreign JWT on REST with 401 PGRST301', async () => {
    const expired = signJwt(
      { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000000', exp: 1000 },
      SECRET,
    );
    const foreign = signJwt({ role: 'anon' }, 'another-secret-that-is-long-enough-to-use');
    const superuser = signJwt({ role: 'postgres' }, SECRET);
    for (const [token, message] of [
      ['garbage', 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)'],
      [expired, 'JWT expired'],
      [foreign, 'JWSError JWSInvalidSignature'],
      [superuser, 'JWSError JWSInvalidSignature'],
    ] as const) {
      const res = await http(em(), '/rest/v1/sponsors', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
      expect((res.json() as { code: string }).code).toBe('PGRST301');
      if (token === expired) expect((res.json() as { message: string }).message).toBe(message);
    }
  });

  test('answers an expired JWT on auth with 403 bad_jwt', async () => {
    const expired = signJwt(
      { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000000', exp: 1000 },
      SECRET,
    );
    const res = await http(em(), '/auth/v1/user', {
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(403);
    expect((res.json() as { code: string }).code).toBe('bad_jwt');
  });

  test('answers an oversize body with 413 and keeps serving', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(LIMIT * 2) });
    const rest = await http(em(), '/rest/v1/sponsors', {
      method: 'POST',
      key: em().serviceKey,
      body: big,
    });
    expect(rest.status).toBe(413);
    expect((rest.json() as { code: string }).code).toBe('PGRST413');
    const auth = await http(em(), '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: big,
    });
    expect(auth.status).toBe(413);
    const after = await http(em(), '/rest/v1/sponsors?select=id&limit=1');
    expect(after.status).toBe(200);
  });

  test('answers an unknown path with the gateway 404', async () => {
    const res = await http(em(), '/graphql/v1');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: 'no Route matched with those values' });
  });

  test('answers unknown auth routes and grants in GoTrue shape', async () => {
    const route = await http(em(), '/auth/v1/nope');
    expect(route.status).toBe(404);
    expect(route.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const grant = await http(em(), '/auth/v1/token?grant_type=magic', {
      method: 'POST',
      body: '{}',
    });
    expect(grant.status).toBe(400);
    expect((grant.json() as { code: string }).code).toBe('validation_failed');
  });
});

describe('CORS', () => {
  test('answers a preflight with the allowed methods, headers and origin', async () => {
    const res = await fetch(`${em().url}/rest/v1/sponsors`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers':
          'authorization,apikey,content-type,prefer,content-profile,x-client-info',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '')
      .split(',')
      .map((h) => h.trim());
    expect(allowed).toEqual(
      expect.arrayContaining([
        'authorization',
        'apikey',
        'content-type',
        'prefer',
        'accept-profile',
        'content-profile',
        'x-client-info',
        'x-supabase-api-version',
        'x-upsert',
        'cache-control',
        'range',
      ]),
    );
    expect(allowed).not.toContain('*');
  });

  test('exposes Content-Range, X-Supabase-Api-Version and the admin paging headers on answers, errors included', async () => {
    for (const path of ['/rest/v1/sponsors?select=id', '/rest/v1/nope', '/auth/v1/settings']) {
      const res = await http(em(), path, { headers: { Origin: 'http://localhost:5173' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe(
        'Content-Range, X-Supabase-Api-Version, X-Total-Count, Link',
      );
    }
  });
});
