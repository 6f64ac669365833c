// PostgREST's functions API (/rest/v1/rpc/<fn>) through supabase-js `.rpc()` and raw HTTP, against
// test-only functions created here (not product migrations): arguments, overloads, sets with
// filters and counts, read-only GET, errors, grants, SECURITY DEFINER and the request settings.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { reloadCatalog } from '../../supabase/emulator';
import { http, setupTestEmulator, type Client } from './harness';

const em = setupTestEmulator();

/** The product's typed client knows only the product's functions; these are the test's own. */
const untyped = (client: Client) => client as unknown as SupabaseClient;

const FIXTURES = `
  create table public.rpc_test_items (id int primary key, name text not null, size int not null);
  insert into public.rpc_test_items values
    (1, 'tent', 40), (2, 'jack', 15), (3, 'spare wheel', 60), (4, 'map', 1), (5, 'toolbox', 25);
  create table public.rpc_test_private (id int primary key);
  alter table public.rpc_test_private enable row level security;
  insert into public.rpc_test_private values (1), (2), (3);
  create table public.rpc_test_counter (n int not null);
  insert into public.rpc_test_counter values (0);
  create table public.rpc_test_visits (
    id serial primary key,
    client_address text default current_setting('request.headers', true)::json ->> 'x-forwarded-for',
    method text default current_setting('request.method', true)
  );

  create function public.rpc_test_add(a integer, b integer default 10) returns integer
    language sql immutable as 'select a + b';
  create function public.rpc_test_add(a text, c text) returns text
    language sql immutable as 'select a || c';
  create function public.rpc_test_hello() returns text language sql stable as $$ select 'hello' $$;
  create function public.rpc_test_items_from(min_size integer) returns setof public.rpc_test_items
    language sql stable as 'select * from public.rpc_test_items where size >= min_size';
  create function public.rpc_test_doubles(up_to integer) returns table (n integer, doubled integer)
    language sql immutable as 'select g, g * 2 from generate_series(1, up_to) g';
  create function public.rpc_test_bump(amount integer) returns integer language sql volatile as
    'update public.rpc_test_counter set n = n + amount returning n';
  create function public.rpc_test_echo(jsonb) returns jsonb language sql immutable as 'select $1';
  create function public.rpc_test_noop() returns void language sql volatile as 'select';
  create function public.rpc_test_pay() returns void language plpgsql as $$
    begin
      raise sqlstate 'PT402' using message = 'Payment required', detail = 'The deposit is unpaid',
        hint = 'Pay the deposit first';
    end $$;
  create function public.rpc_test_secret() returns text language sql stable as $$ select 'secret' $$;
  revoke execute on function public.rpc_test_secret() from public, anon, authenticated;
  create function public.rpc_test_count_invoker() returns bigint language sql stable
    as 'select count(*) from public.rpc_test_private';
  create function public.rpc_test_count_definer() returns bigint language sql stable security definer
    set search_path = '' as 'select count(*) from public.rpc_test_private';
  create function public.rpc_test_request() returns json language sql stable as $$
    select json_build_object(
      'role', current_user,
      'sub', auth.uid(),
      'method', current_setting('request.method', true),
      'path', current_setting('request.path', true),
      'forwarded_for', current_setting('request.headers', true)::json ->> 'x-forwarded-for',
      'client_info', current_setting('request.headers', true)::json ->> 'x-client-info')
  $$;
`;

beforeAll(async () => {
  await em().emulator.db.exec(FIXTURES);
  // Like PostgREST's NOTIFY pgrst, 'reload schema' after DDL.
  reloadCatalog(em().emulator.db);
});

describe('calling functions', () => {
  test('POSTs named arguments and answers a scalar, filling in a default', async () => {
    const anon = untyped(em().anon);
    expect(await anon.rpc('rpc_test_add', { a: 2, b: 3 })).toMatchObject({ data: 5, status: 200 });
    expect((await anon.rpc('rpc_test_add', { a: 2 })).data).toBe(12);
  });

  test('chooses the overload whose parameter names match the arguments', async () => {
    const { data, error } = await untyped(em().anon).rpc('rpc_test_add', { a: 'rally', c: '26' });
    expect(error).toBeNull();
    expect(data).toBe('rally26');
  });

  test('calls a function without arguments with POST and with GET', async () => {
    const anon = untyped(em().anon);
    expect((await anon.rpc('rpc_test_hello')).data).toBe('hello');
    expect((await anon.rpc('rpc_test_hello', {}, { get: true })).data).toBe('hello');
    const res = await http(em(), '/rest/v1/rpc/rpc_test_add?a=1&b=2', {
      headers: { 'Accept-Profile': 'public' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-0/*');
    expect(res.json()).toBe(3);
  });

  test('passes the whole body to a function with a single unnamed jsonb parameter', async () => {
    const payload = { team: 'Team Whitfield', drivers: ['Sarah', 'James'] };
    const { data } = await untyped(em().anon).rpc('rpc_test_echo', payload);
    expect(data).toEqual(payload);
  });

  test('answers 204 with no body for a void function', async () => {
    const res = await http(em(), '/rest/v1/rpc/rpc_test_noop', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });
});

describe('functions returning rows', () => {
  test('applies select, filters, order and ranges to a set of rows, with an exact count', async () => {
    const { data, count, status } = await untyped(em().anon)
      .rpc('rpc_test_items_from', { min_size: 10 }, { count: 'exact' })
      .select('name,size')
      .lt('size', 50)
      .order('size', { ascending: false })
      .range(0, 1);
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toEqual([
      { name: 'tent', size: 40 },
      { name: 'toolbox', size: 25 },
    ]);
  });

  test('filters the rows of a GET call and keeps the arguments apart from the filters', async () => {
    const res = await http(
      em(),
      '/rest/v1/rpc/rpc_test_items_from?min_size=20&name=like.t*&order=id.asc&select=id',
      { headers: { 'Accept-Profile': 'public' } },
    );
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([{ id: 1 }, { id: 5 }]);
  });

  test('answers RETURNS TABLE with objects and .single() with one object or a 406', async () => {
    const anon = untyped(em().anon);
    expect((await anon.rpc('rpc_test_doubles', { up_to: 2 })).data).toEqual([
      { n: 1, doubled: 2 },
      { n: 2, doubled: 4 },
    ]);
    const one = await anon.rpc('rpc_test_doubles', { up_to: 3 }).eq('n', 3).single();
    expect(one.data).toEqual({ n: 3, doubled: 6 });
    const many = await anon.rpc('rpc_test_doubles', { up_to: 3 }).single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  test('counts with HEAD and sends no rows', async () => {
    const { data, count, status } = await untyped(em().anon).rpc(
      'rpc_test_items_from',
      { min_size: 20 },
      { head: true, count: 'exact' },
    );
    expect(status).toBe(200);
    expect(count).toBe(3);
    expect(data).toBeNull();
  });
});

describe('transactions and privileges', () => {
  test('runs a volatile function on POST but refuses its write on GET (read-only, 405)', async () => {
    const service = untyped(em().service);
    expect((await service.rpc('rpc_test_bump', { amount: 2 })).data).toBe(2);
    const { error, status } = await service.rpc('rpc_test_bump', { amount: 5 }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
    expect((await service.rpc('rpc_test_bump', { amount: 0 })).data).toBe(2);
  });

  test('lets EXECUTE grants decide: 401 anonymous, 403 signed in, allowed for the service role', async () => {
    const anon = await untyped(em().anon).rpc('rpc_test_secret');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    const visitor = await untyped(em().visitor).rpc('rpc_test_secret');
    expect(visitor.status).toBe(403);
    expect((await untyped(em().service).rpc('rpc_test_secret')).data).toBe('secret');
  });

  test('runs as the caller, so RLS hides rows unless the function is SECURITY DEFINER', async () => {
    const anon = untyped(em().anon);
    expect((await anon.rpc('rpc_test_count_invoker')).data).toBe(0);
    expect((await anon.rpc('rpc_test_count_definer')).data).toBe(3);
  });

  test("gives SQL the caller's role and claims and the request's method, path and headers", async () => {
    const { data } = await untyped(em().admin).rpc('rpc_test_request');
    const request = data as Record<string, string>;
    expect(request.role).toBe('authenticated');
    expect(request.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/rpc/rpc_test_request');
    expect(request.client_info).toMatch(/^supabase-js/);
    // The gateway's client address, when the caller sent none.
    expect(request.forwarded_for).toMatch(/127\.0\.0\.1|::1/);
    const forwarded = await http(em(), '/rest/v1/rpc/rpc_test_request', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: '{}',
    });
    // The gateway appends the address it saw to what the client sent, as the platform does.
    expect(forwarded.json()).toMatchObject({ role: 'anon' });
    expect((forwarded.json() as Record<string, string>).forwarded_for).toMatch(
      /^203\.0\.113\.7, (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/,
    );
  });

  test('sets the request headers for table requests too (a column default reads them)', async () => {
    const res = await http(em(), '/rest/v1/rpc_test_visits?select=client_address,method', {
      method: 'POST',
      key: em().serviceKey,
      headers: {
        'content-type': 'application/json',
        prefer: 'return=representation',
        'x-forwarded-for': '198.51.100.23',
      },
      body: '{}',
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual([
      { client_address: expect.stringMatching(/^198\.51\.100\.23, /) as unknown, method: 'POST' },
    ]);
  });
});

describe('errors', () => {
  test('answers 404 PGRST202 with PostgREST’s message, details and a hint for a missing function', async () => {
    const { error, status } = await untyped(em().anon).rpc('rpc_test_helo', { greeting: 'hi' });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rpc_test_helo(greeting) in the schema cache',
      details:
        'Searched for the function public.rpc_test_helo with parameter greeting or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rpc_test_hello',
    });
  });

  test('answers PGRST202 for arguments no overload takes, suggesting the closest parameters', async () => {
    const { error, status } = await untyped(em().anon).rpc('rpc_test_add', { a: 1, bb: 2 });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    expect(error?.message).toBe(
      'Could not find the function public.rpc_test_add(a, bb) in the schema cache',
    );
    expect(error?.hint).toBe('Perhaps you meant to call the function public.rpc_test_add(a, b)');
    const get = await http(em(), '/rest/v1/rpc/rpc_test_hello?x=1');
    expect(get.status).toBe(404);
    expect((get.json() as { details: string }).details).toBe(
      'Searched for the function public.rpc_test_hello with parameter x, but no matches were found in the schema cache.',
    );
  });

  test('gives a PTnnn SQLSTATE its HTTP status with the message, detail and hint', async () => {
    const { error, status } = await untyped(em().anon).rpc('rpc_test_pay');
    expect(status).toBe(402);
    expect(error).toEqual({
      code: 'PT402',
      message: 'Payment required',
      details: 'The deposit is unpaid',
      hint: 'Pay the deposit first',
    });
  });

  test('answers a bad argument value with the database error (400)', async () => {
    const { error, status } = await untyped(em().anon).rpc('rpc_test_add', { a: 'x', b: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});
