// PostgREST behaviour as supabase-wire.md records it, through the real supabase-js client and,
// where the client hides it, raw HTTP.
import { beforeAll, describe, expect, test } from 'vitest';
import { http, setupTestEmulator } from './harness';

const em = setupTestEmulator();

const OBJECT = 'application/vnd.pgrst.object+json';

async function seedSponsors(): Promise<void> {
  const { error } = await em()
    .service.from('sponsors')
    .insert([
      { name: 'Alpha Garage', tier: 'Tier 1', published: true, sort_order: 2, website_url: null },
      {
        name: 'Beta Tyres',
        tier: 'Tier 2',
        published: true,
        sort_order: 1,
        website_url: 'https://beta.example',
      },
      { name: 'Gamma Oil', tier: 'Tier 3', published: true, sort_order: 3, website_url: null },
      { name: 'Delta Draft', tier: 'Tier 3', published: false, sort_order: 0, website_url: null },
      { name: 'Epsilon Fuel', tier: 'Tier 2', published: true, sort_order: 5, website_url: null },
    ]);
  if (error) throw new Error(error.message);
}

beforeAll(seedSponsors);

describe('reads', () => {
  test('answers a filtered, ordered, limited select with an array and a Content-Range', async () => {
    const res = await http(
      em(),
      '/rest/v1/sponsors?select=*&published=eq.true&order=sort_order.asc&limit=3',
      {
        headers: { 'Accept-Profile': 'public' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('0-2/*');
    const rows = res.json() as { name: string; sort_order: number }[];
    expect(rows.map((r) => r.name)).toEqual(['Beta Tyres', 'Alpha Garage', 'Gamma Oil']);
  });

  test('gives supabase-js the same rows', async () => {
    const { data, error, status } = await em()
      .anon.from('sponsors')
      .select('*')
      .eq('published', true)
      .order('sort_order', { ascending: true })
      .limit(3);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.map((r) => r.name)).toEqual(['Beta Tyres', 'Alpha Garage', 'Gamma Oil']);
  });

  test('counts exactly and answers 206 for a partial page', async () => {
    const res = await http(
      em(),
      '/rest/v1/sponsors?select=name&published=eq.true&offset=1&limit=2',
      {
        headers: { Prefer: 'count=exact' },
      },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/4');
    const { data, count } = await em()
      .anon.from('sponsors')
      .select('name', { count: 'exact' })
      .eq('published', true)
      .range(0, 1);
    expect(count).toBe(4);
    expect(data).toHaveLength(2);
  });

  test('answers 200 when the counted page holds every row', async () => {
    const res = await http(em(), '/rest/v1/sponsors?select=name&published=eq.true', {
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-3/4');
  });

  test('answers */0 for an empty counted result and */* for an empty uncounted one', async () => {
    const counted = await http(em(), '/rest/v1/sponsors?name=eq.Nobody', {
      headers: { Prefer: 'count=exact' },
    });
    expect(counted.status).toBe(200);
    expect(counted.headers.get('content-range')).toBe('*/0');
    expect(counted.json()).toEqual([]);
    const uncounted = await http(em(), '/rest/v1/sponsors?name=eq.Nobody');
    expect(uncounted.headers.get('content-range')).toBe('*/*');
  });

  test('answers HEAD with a count and no body', async () => {
    const res = await http(em(), '/rest/v1/sponsors?select=*&published=eq.true', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('*/4');
    expect(res.text).toBe('');
    const { count, data, error } = await em()
      .anon.from('sponsors')
      .select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(4);
    expect(data).toBeNull();
  });

  test('returns one object under the object Accept header', async () => {
    const res = await http(em(), '/rest/v1/sponsors?select=name,tier&name=eq.Beta%20Tyres', {
      headers: { Accept: OBJECT },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${OBJECT}; charset=utf-8`);
    expect(res.json()).toEqual({ name: 'Beta Tyres', tier: 'Tier 2' });
    const { data } = await em()
      .anon.from('sponsors')
      .select('name')
      .eq('name', 'Beta Tyres')
      .single();
    expect(data).toEqual({ name: 'Beta Tyres' });
  });

  test('refuses single() with 406 PGRST116 for zero rows and for several', async () => {
    const none = await em().anon.from('sponsors').select('*').eq('name', 'Nobody').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const many = await em().anon.from('sponsors').select('*').eq('published', true).single();
    expect(many.status).toBe(406);
    expect(many.error?.details).toBe('The result contains 4 rows');
  });

  test('lets maybeSingle() return null for no row without an error', async () => {
    const { data, error } = await em()
      .anon.from('sponsors')
      .select('*')
      .eq('name', 'Nobody')
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  test('filters with neq, gt, gte, lt, lte, in, is, like, ilike and not', async () => {
    const names = async (query: string) =>
      (
        (await http(em(), `/rest/v1/sponsors?select=name&order=name.asc&${query}`)).json() as {
          name: string;
        }[]
      ).map((r) => r.name);
    expect(await names('tier=neq.Tier%202')).toEqual(['Alpha Garage', 'Gamma Oil']);
    expect(await names('sort_order=gt.2')).toEqual(['Epsilon Fuel', 'Gamma Oil']);
    expect(await names('sort_order=gte.3')).toEqual(['Epsilon Fuel', 'Gamma Oil']);
    expect(await names('sort_order=lt.2')).toEqual(['Beta Tyres']);
    expect(await names('sort_order=lte.2')).toEqual(['Alpha Garage', 'Beta Tyres']);
    expect(await names('name=in.(Gamma%20Oil,%22Beta%20Tyres%22)')).toEqual([
      'Beta Tyres',
      'Gamma Oil',
    ]);
    expect(await names('website_url=is.null')).toEqual([
      'Alpha Garage',
      'Epsilon Fuel',
      'Gamma Oil',
    ]);
    expect(await names('website_url=not.is.null')).toEqual(['Beta Tyres']);
    expect(await names('name=like.*Oil')).toEqual(['Gamma Oil']);
    expect(await names('name=ilike.%25TYRES%25')).toEqual(['Beta Tyres']);
    expect(await names('name=not.eq.Alpha%20Garage&tier=eq.Tier%201')).toEqual([]);
  });

  test('combines or groups, with and nested inside', async () => {
    const { data } = await em()
      .anon.from('sponsors')
      .select('name')
      .or('sort_order.eq.1,and(tier.eq.Tier 3,sort_order.gt.2)')
      .order('name');
    expect(data?.map((r) => r.name)).toEqual(['Beta Tyres', 'Gamma Oil']);
  });

  test('orders by several keys with nulls first or last', async () => {
    const res = await http(
      em(),
      '/rest/v1/sponsors?select=name&order=website_url.desc.nullslast,sort_order.desc',
    );
    expect((res.json() as { name: string }[]).map((r) => r.name)).toEqual([
      'Beta Tyres',
      'Epsilon Fuel',
      'Gamma Oil',
      'Alpha Garage',
    ]);
    const first = await http(
      em(),
      '/rest/v1/sponsors?select=name&order=website_url.asc.nullsfirst,name.asc&limit=1',
    );
    expect(first.json()).toEqual([{ name: 'Alpha Garage' }]);
  });

  test('renames and casts selected columns', async () => {
    const res = await http(
      em(),
      '/rest/v1/sponsors?select=title:name,position:sort_order::text&name=eq.Beta%20Tyres',
    );
    expect(res.json()).toEqual([{ title: 'Beta Tyres', position: '1' }]);
  });

  test('hides drafts from anonymous visitors and shows them to the service role', async () => {
    const anon = await em().anon.from('sponsors').select('name').eq('published', false);
    expect(anon.data).toEqual([]);
    const service = await em().service.from('sponsors').select('name').eq('published', false);
    expect(service.data).toEqual([{ name: 'Delta Draft' }]);
  });
});

describe('writes', () => {
  test('inserts and returns the row with select().single()', async () => {
    const { data, error, status } = await em()
      .admin.from('sponsors')
      .insert({ name: 'Zeta Cars', tier: 'Tier 1' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({
      name: 'Zeta Cars',
      tier: 'Tier 1',
      published: false,
      sort_order: 0,
      logo_url: null,
    });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await em()
      .service.from('sponsors')
      .delete()
      .eq('id', data?.id ?? '');
  });

  test('answers a minimal insert with 201, no body and Content-Range */*', async () => {
    const res = await http(em(), '/rest/v1/contact_messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Profile': 'public' },
      body: JSON.stringify({
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'general',
        message: 'Hello',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('content-range')).toBe('*/*');
  });

  test('inserts an array and answers the rows', async () => {
    const { data, error } = await em()
      .admin.from('sponsors')
      .insert([
        { name: 'Array One', tier: 'Tier 3', sort_order: 10 },
        { name: 'Array Two', tier: 'Tier 3', sort_order: 11 },
      ])
      .select('name, sort_order');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Array One', sort_order: 10 },
      { name: 'Array Two', sort_order: 11 },
    ]);
    await em().service.from('sponsors').delete().in('name', ['Array One', 'Array Two']);
  });

  test('sets a key missing from some rows of an array to null, as columns= says', async () => {
    // supabase-js sends the union of keys in columns=; without Prefer missing=default a missing
    // key is null, which a NOT NULL column refuses.
    const { error, status } = await em()
      .admin.from('sponsors')
      .insert([
        { name: 'Has order', tier: 'Tier 3', sort_order: 1 },
        { name: 'No order', tier: 'Tier 3' },
      ]);
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });

  test('updates with PATCH and answers 204, or 200 with the rows', async () => {
    const minimal = await http(em(), '/rest/v1/sponsors?name=eq.Gamma%20Oil', {
      method: 'PATCH',
      key: em().serviceKey,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ logo_url: 'seed/logos/gamma.png', logo_alt: 'Gamma Oil' }),
    });
    expect(minimal.status).toBe(204);
    expect(minimal.text).toBe('');
    expect(minimal.headers.get('content-range')).toBe('0-0/*');
    const { data, status } = await em()
      .service.from('sponsors')
      .update({ logo_url: 'seed/logos/gamma-2.png' })
      .eq('name', 'Gamma Oil')
      .select('name, logo_url');
    expect(status).toBe(200);
    expect(data).toEqual([{ name: 'Gamma Oil', logo_url: 'seed/logos/gamma-2.png' }]);
  });

  test('deletes with DELETE and answers 204 even with a JSON content type', async () => {
    const { data } = await em()
      .service.from('sponsors')
      .insert({ name: 'Doomed', tier: 'Tier 3' })
      .select('id')
      .single();
    const res = await http(em(), `/rest/v1/sponsors?id=eq.${data?.id}`, {
      method: 'DELETE',
      key: em().serviceKey,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('*/*');
    const after = await em()
      .service.from('sponsors')
      .select('id')
      .eq('id', data?.id ?? '');
    expect(after.data).toEqual([]);
  });

  test('rolls back a singular write that touched several rows', async () => {
    const res = await em()
      .service.from('sponsors')
      .update({ sort_order: 99 })
      .eq('published', true)
      .select()
      .single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    const { data } = await em().service.from('sponsors').select('name').eq('sort_order', 99);
    expect(data).toEqual([]);
  });

  test('upserts on the primary key when asked to merge duplicates', async () => {
    const { data: row } = await em()
      .service.from('sponsors')
      .insert({ name: 'Upsert Me', tier: 'Tier 3' })
      .select()
      .single();
    const { data, error } = await em()
      .service.from('sponsors')
      .upsert({ id: row?.id ?? '', name: 'Upserted', tier: 'Tier 2' })
      .select('name, tier')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Upserted', tier: 'Tier 2' });
    await em()
      .service.from('sponsors')
      .delete()
      .eq('id', row?.id ?? '');
  });
});

describe('errors', () => {
  test('answers 404 PGRST205 for an unknown table', async () => {
    const res = await http(em(), '/rest/v1/nope?select=*');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.nope' in the schema cache",
    });
  });

  test('answers 400 42703 for an unknown column in select, filter or order', async () => {
    for (const query of ['select=nope', 'nope=eq.1', 'order=nope.asc']) {
      const res = await http(em(), `/rest/v1/sponsors?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json()).toMatchObject({
        code: '42703',
        message: 'column sponsors.nope does not exist',
      });
    }
  });

  test('answers 400 PGRST204 for an unknown column in a body', async () => {
    const { error, status } = await em()
      .admin.from('sponsors')
      .insert({ name: 'X', nope: 1 } as never);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'sponsors' in the schema cache",
    });
  });

  test('answers 400 PGRST100 for an unparsable query', async () => {
    for (const query of [
      'name=xx.1',
      'name=eq',
      'order=name.sideways',
      'limit=ten',
      'or=(name.eq.1',
      'published=is.maybe',
    ]) {
      const res = await http(em(), `/rest/v1/sponsors?${query}`);
      expect(res.status, query).toBe(400);
      expect((res.json() as { code: string }).code, query).toBe('PGRST100');
    }
  });

  test('answers 400 22P02 for a malformed uuid', async () => {
    const { error, status } = await em().anon.from('sponsors').select('*').eq('id', 'not-a-uuid');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "not-a-uuid"',
    });
  });

  test('answers 409 for unique and foreign-key violations', async () => {
    const unique = await em()
      .service.from('site_settings')
      .insert({ key: 'fundraising_goal', value: '1' });
    expect(unique.status).toBe(409);
    expect(unique.error?.code).toBe('23505');
    const fk = await em()
      .service.from('news_article_images')
      .insert({ article_id: '00000000-0000-0000-0000-000000000000', url: 'x.png', sort_order: 0 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
  });

  test('answers 400 23502 for a not-null violation', async () => {
    const { error, status } = await em()
      .admin.from('sponsors')
      .insert({ name: null } as never);
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });

  test('answers 401 for an anonymous and 403 for a signed-in RLS refusal', async () => {
    const anon = await em().anon.from('sponsors').insert({ name: 'Sneaky', tier: 'Tier 3' });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "sponsors"',
    });
    const visitor = await em().visitor.from('sponsors').insert({ name: 'Sneaky', tier: 'Tier 3' });
    expect(visitor.status).toBe(403);
    expect(visitor.error?.code).toBe('42501');
  });

  test('answers 401 and 403 for a grant refusal', async () => {
    const anon = await em()
      .anon.from('site_settings')
      .update({ value: '0' })
      .eq('key', 'fundraising_goal');
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table site_settings',
    });
    const visitor = await em().visitor.from('site_settings').delete().eq('key', 'fundraising_goal');
    expect(visitor.status).toBe(403);
  });

  test('answers 401 PGRST301 for a bad or expired JWT', async () => {
    const bad = await http(em(), '/rest/v1/sponsors', {
      headers: { Authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.status).toBe(401);
    expect((bad.json() as { code: string }).code).toBe('PGRST301');
  });

  test('refuses another schema with PGRST106', async () => {
    const res = await http(em(), '/rest/v1/users', { headers: { 'Accept-Profile': 'auth' } });
    expect(res.status).toBe(406);
    expect((res.json() as { code: string }).code).toBe('PGRST106');
  });

  test('refuses a request without an API key like the gateway', async () => {
    const res = await fetch(`${em().url}/rest/v1/sponsors`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });
});
