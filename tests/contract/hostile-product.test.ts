// The product's standing hostile-input tests: what an attack sweep tried against the public
// forms' table, kept closed. Each one failed before the public-submission rules
// (supabase/schemas/submissions.sql). The emulator's own hostile input
// is tests/contract/hostile-input.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contactLimits } from '../../src/config/forms';
import { type JwtClaims, TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { http, setupTestEmulator, type TestEmulator } from './harness';

// Each request may come from a network of its own (the test emulator's trusted client address).
const em = setupTestEmulator({ trustTestClientAddress: true });

type Message = Record<string, unknown>;

const message = (overrides: Message = {}): Message => ({
  name: 'Jo Bloggs',
  email: `${randomUUID()}@example.org`,
  subject: 'general',
  message: 'Is there space on the rally?',
  ...overrides,
});

let networks = 0;
/** An address of its own (198.18.0.0/15, for tests), so no request spends another's IP quota. */
const someNetwork = () => {
  networks += 1;
  return `198.18.${networks >> 8}.${networks & 255}`;
};

/**
 * An anonymous POST. Each call comes from a network of its own unless headers say otherwise:
 * every request of this file would otherwise share 127.0.0.1 and its 10 an hour.
 */
function post(body: unknown, headers: Record<string, string> = {}, key?: string) {
  return http(em(), '/rest/v1/contact_messages', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [TEST_CLIENT_ADDRESS_HEADER]: someNetwork(),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    key,
  });
}

/** Stored messages with this marker in their text, read with the service role. */
async function stored(marker: string): Promise<Message[]> {
  const { data, error } = await em()
    .service.from('contact_messages')
    .select('*')
    .like('message', `%${marker}%`);
  if (error) throw new Error(error.message);
  return data as Message[];
}

async function attempts(key: string): Promise<number> {
  const { rows } = await em().emulator.db.query<{ count: number }>(
    'select count(*)::integer as count from private.submission_attempts where key = $1',
    [key],
  );
  return rows[0]?.count ?? 0;
}

/** An anonymous insert straight into the database, with request.headers as hosted PostgREST sets them. */
async function insertAsAnon(em: TestEmulator, row: Message, headers: Record<string, string>) {
  const anon: JwtClaims = { role: 'anon' };
  return em.emulator.db.asRole(anon, async (tx) => {
    await tx.query("select set_config('request.headers', $1, true)", [JSON.stringify(headers)]);
    const columns = Object.keys(row);
    await tx.query(
      `insert into public.contact_messages (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  });
}

describe('contact messages take only the form’s columns', () => {
  test('refuses an anonymous message that chooses its id', async () => {
    const marker = randomUUID();
    const res = await post(message({ id: randomUUID(), message: marker }));
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({
      code: '42501',
      message: 'permission denied for table contact_messages',
    });
    expect(await stored(marker)).toEqual([]);
  });

  test('refuses a backdated created_at, anonymous (401) or signed in (403)', async () => {
    const marker = randomUUID();
    const row = message({ created_at: '2020-01-01T00:00:00Z', message: marker });
    expect((await post(row)).status).toBe(401);
    const { status, error } = await em()
      .visitor.from('contact_messages')
      .insert(row as never);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(await stored(marker)).toEqual([]);
  });
});

describe('one row per request', () => {
  test('refuses 1,150 rows in one 10 MB request and stores none of them', async () => {
    const marker = randomUUID();
    const padding = 'x'.repeat(8600);
    const rows = Array.from({ length: 1150 }, (_, i) =>
      message({
        message: `${marker} ${i} ${padding}`,
        phone: '0'.repeat(50),
        name: 'n'.repeat(200),
      }),
    );
    const body = JSON.stringify(rows);
    expect(body.length).toBeGreaterThan(10 * 1000 * 1000);
    const res = await post(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await stored(marker)).toEqual([]);
  });

  test('answers two rows in one request with 400 PT400, and keeps neither', async () => {
    const marker = randomUUID();
    const res = await post([
      message({ message: `${marker} a` }),
      message({ message: `${marker} b` }),
    ]);
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      code: 'PT400',
      details: null,
      hint: 'Send each submission as a single JSON object.',
      message: 'Only one submission per request is accepted',
    });
    expect(await stored(marker)).toEqual([]);
  });

  test('lets the service role (trusted code) insert several rows at once', async () => {
    const marker = randomUUID();
    const res = await post(
      [message({ message: `${marker} a` }), message({ message: `${marker} b` })],
      {},
      em().serviceKey,
    );
    expect(res.status).toBe(201);
    expect(await stored(marker)).toHaveLength(2);
  });
});

describe('the honeypot', () => {
  test('answers a filled honeypot exactly as a stored message, and stores nothing', async () => {
    const marker = randomUUID();
    const email = `${randomUUID()}@example.org`;
    const trapped = await post(
      message({ email, message: marker, website: 'https://spam.example' }),
    );
    const honest = await post(message({ message: `${marker} honest` }));
    expect(trapped.status).toBe(201);
    expect(trapped.text).toBe('');
    expect(trapped.headers.get('content-range')).toBe(honest.headers.get('content-range'));
    const kept = await stored(marker);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ message: `${marker} honest`, website: null });
    expect(await attempts(`email:${email}`)).toBe(0);
  });

  test('an empty honeypot is stored as null, never as text', async () => {
    const marker = randomUUID();
    expect((await post(message({ message: marker, website: '' }))).status).toBe(201);
    expect((await stored(marker))[0]).toMatchObject({ website: null });
  });
});

describe('rate limits (HTTP 429 through PostgREST’s custom status)', () => {
  test('200 parallel submissions from one address: 3 are stored, the others answer 429', async () => {
    const marker = randomUUID();
    const email = `${randomUUID()}@Example.org`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(message({ email: i % 2 ? email : email.toLowerCase(), message: `${marker} ${i}` })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(197);
    expect(await stored(marker)).toHaveLength(3);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.json()).toEqual({
      code: 'PT429',
      details: null,
      hint: 'Try again in 60 minutes.',
      message: 'Too many submissions from this email address or network',
    });
  });

  test('accepts the address again once its hour has passed', async () => {
    const email = `${randomUUID()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await post(message({ email }))).status).toBe(201);
    expect((await post(message({ email }))).status).toBe(429);
    await em().emulator.db.query(
      "update private.submission_attempts set at = at - interval '61 minutes' where key = $1",
      [`email:${email}`],
    );
    expect((await post(message({ email }))).status).toBe(201);
    expect(await attempts(`email:${email}`)).toBe(1);
  });

  test('limits one network to 10 messages an hour, read from request.headers as on hosted Supabase', async () => {
    // The platform appends the address it saw: the last entry. What the client wrote before it,
    // and a CF-Connecting-IP (which Cloudflare would have replaced), change nothing.
    const network = { 'x-forwarded-for': '198.51.100.23, 10.0.0.1' };
    for (let i = 0; i < 10; i++) await insertAsAnon(em(), message(), network);
    await expect(insertAsAnon(em(), message(), network)).rejects.toMatchObject({ code: 'PT429' });
    const forged = {
      'x-forwarded-for': '203.0.113.9, 10.0.0.1',
      'cf-connecting-ip': '203.0.113.9',
    };
    await expect(insertAsAnon(em(), message(), forged)).rejects.toMatchObject({ code: 'PT429' });
    // A request without request.headers (a direct session) is limited per email only.
    await expect(insertAsAnon(em(), message(), {})).resolves.toBeUndefined();
  });

  test('limits one network over HTTP', async () => {
    const network = { [TEST_CLIENT_ADDRESS_HEADER]: '192.0.2.44' };
    for (let i = 0; i < 10; i++) expect((await post(message(), network)).status).toBe(201);
    expect(await attempts('ip:192.0.2.44')).toBe(10);
    expect((await post(message(), network)).status).toBe(429);
  });

  test('never limits the service role', async () => {
    const email = `${randomUUID()}@example.org`;
    for (let i = 0; i < 5; i++) {
      expect((await post(message({ email }), {}, em().serviceKey)).status).toBe(201);
    }
  });
});

describe('oversize fields are refused by the database, at the limits the form states', () => {
  const email = (length: number) => `${'a'.repeat(length - '@example.org'.length)}@example.org`;
  const cases: { field: keyof typeof contactLimits; value: (length: number) => string }[] = [
    { field: 'name', value: (length) => 'N'.repeat(length) },
    { field: 'email', value: email },
    { field: 'phone', value: (length) => '7'.repeat(length) },
    { field: 'message', value: (length) => '🚗'.repeat(length) },
  ];

  test.each(cases)('$field: accepted at its limit, refused one character over', async (c) => {
    const limit = contactLimits[c.field];
    const atLimit = await post(message({ [c.field]: c.value(limit) }));
    expect(atLimit.status).toBe(201);
    const over = await post(message({ [c.field]: c.value(limit + 1) }));
    expect(over.status).toBe(400);
    expect(over.json()).toMatchObject({ code: '23514' });
  });

  // 100 KiB: under the gateway's 1 MiB REST body limit, so the database's own check answers.
  test('refuses a short message padded with 100 KiB of spaces', async () => {
    const res = await post(message({ message: `hello${' '.repeat(100 * 1024)}` }));
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: '23514' });
  });
});

describe('the media bucket', () => {
  async function uploadAsAdmin(path: string, body: Uint8Array<ArrayBuffer>, contentType: string) {
    const { data } = await em().admin.auth.getSession();
    return http(em(), `/storage/v1/object/media/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${data.session?.access_token}`,
        'content-type': contentType,
      },
      body,
    });
  }
  const PNG = Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  );

  test('lists nothing to a visitor, not even the pictures of an unpublished article', async () => {
    const path = `drafts/${randomUUID()}.png`;
    expect((await uploadAsAdmin(path, PNG, 'image/png')).status).toBe(200);
    const { error } = await em()
      .service.from('news_articles')
      .insert({ title: 'Not yet', image_url: path, published: false });
    expect(error).toBeNull();
    for (const visitor of [em().anon, em().visitor]) {
      for (const folder of ['', 'drafts']) {
        const listed = await visitor.storage.from('media').list(folder, { search: '' });
        expect(listed.error).toBeNull();
        expect(listed.data).toEqual([]);
      }
    }
    const search = await http(em(), '/storage/v1/object/list/media', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '', search: 'drafts', limit: 1000 }),
    });
    expect(search.json()).toEqual([]);
    // The administrator's media library still sees it, and its public URL still serves it.
    const admin = await em().admin.storage.from('media').list('drafts');
    expect(admin.data?.map((item) => `drafts/${item.name}`)).toContain(path);
    const served = await fetch(em().anon.storage.from('media').getPublicUrl(path).data.publicUrl);
    expect(served.status).toBe(200);
  });

  test('refuses a type smuggling text/html in a parameter, and never serves one as HTML', async () => {
    const path = `smuggled/${randomUUID()}.png`;
    const refused = await uploadAsAdmin(path, PNG, 'image/png; x=text/html');
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: '415' });
    // A row stored with such a type before this rule (written here directly) is served as text.
    const legacy = `legacy/${randomUUID()}.png`;
    expect((await uploadAsAdmin(legacy, PNG, 'image/png')).status).toBe(200);
    await em().emulator.db.query(
      `update storage.objects set metadata = metadata || '{"mimetype":"image/png; x=text/html"}'
        where bucket_id = 'media' and name = $1`,
      [legacy],
    );
    const served = await fetch(em().anon.storage.from('media').getPublicUrl(legacy).data.publicUrl);
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
