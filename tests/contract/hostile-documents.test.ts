// Hostile requests for the teams' documents (issue 25), with the real supabase-js storage client
// and raw HTTP against the emulator's Storage and the team-documents Edge Function under Deno:
// anonymous and signed-in non-admin callers read no document object, through the storage API or
// a guessed URL (/object/public/documents/..., /object/authenticated/documents/...); a signed URL
// opens its own object only, and a forged or altered token nothing; a 20 MB upload and an HTML
// page named .pdf and declared application/pdf are refused by the server and leave nothing; a
// wrong secret reads and writes nothing. Runs on PGlite and on PostgreSQL 15.
import { beforeAll, describe, expect, test } from 'vitest';
import { http, setupTestEmulator, type Client } from './harness';
import { PDF, paidTeam, signedUrl, upload } from './team-documents-support';
import { setEdition } from './team-page-support';

const em = setupTestEmulator({ trustTestClientAddress: true, clock: '2026-03-20' });

let team: Awaited<ReturnType<typeof paidTeam>>;
let objectPath = '';

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
  team = await paidTeam(em());
  expect((await upload(em(), { secret: team.secret, kind: 'insurance', bytes: PDF })).status).toBe(
    200,
  );
  const { data } = await em()
    .service.from('team_documents')
    .select('object_path')
    .eq('registration_id', team.id)
    .single();
  objectPath = data?.object_path ?? '';
  expect(objectPath).not.toBe('');
});

/** Every object the bucket holds for the team (read with the service role). */
async function storedObjects(): Promise<string[]> {
  const { rows } = await em().emulator.db.query<{ name: string }>(
    "select name from storage.objects where bucket_id = 'documents' and name like $1 order by name",
    [`${team.id}/%`],
  );
  return rows.map((row) => row.name);
}

describe('anonymous and non-admin callers read no document', () => {
  const callers: [string, () => Client][] = [
    ['anon', () => em().anon],
    ['visitor', () => em().visitor],
  ];

  test.each(callers)(
    '%s: download, list and signing through the storage API are refused',
    async (_, client) => {
      const bucket = client().storage.from('documents');
      const downloaded = await bucket.download(objectPath);
      expect(downloaded.data).toBeNull();
      expect(downloaded.error).not.toBeNull();
      expect((await bucket.list(team.id)).data ?? []).toEqual([]);
      expect((await bucket.list(`${team.id}/insurance`)).data ?? []).toEqual([]);
      const signed = await bucket.createSignedUrl(objectPath, 60);
      expect(signed.data).toBeNull();
      expect(signed.error).toMatchObject({ message: 'Object not found' });
      const many = await bucket.createSignedUrls([objectPath], 60);
      expect(many.data?.[0]?.signedUrl ?? null).toBeNull();
    },
  );

  test('a guessed public URL: the bucket is not public', async () => {
    const answer = await http(em(), `/storage/v1/object/public/documents/${objectPath}`);
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    expect(answer.text).not.toContain('%PDF');
  });

  test('a guessed authenticated URL, with no token, the anon key or a visitor’s session', async () => {
    const path = `/storage/v1/object/authenticated/documents/${objectPath}`;
    const bare = await http(em(), path, { key: '' });
    expect(bare.status).toBe(400);
    expect(bare.json()).toMatchObject({ statusCode: '403', message: 'jwt must be provided' });
    const anon = await http(em(), path, { headers: { authorization: `Bearer ${em().anonKey}` } });
    expect([anon.status, anon.json()]).toEqual([
      400,
      expect.objectContaining({ statusCode: '404' }),
    ]);
    const session = (await em().visitor.auth.getSession()).data.session?.access_token ?? '';
    const visitor = await http(em(), path, { headers: { authorization: `Bearer ${session}` } });
    expect(visitor.status).toBe(400);
    expect(visitor.text).not.toContain('%PDF');
    // The same guess without "authenticated" (supabase-js download's own path).
    const plain = await http(em(), `/storage/v1/object/documents/${objectPath}`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(plain.status).toBe(400);
    expect(plain.text).not.toContain('%PDF');
  });

  test('a signed URL opens its own object only; an altered or forged token opens nothing', async () => {
    const url = (await signedUrl(em(), team.secret, 'insurance')).body.url ?? '';
    const token = new URL(url).searchParams.get('token') ?? '';
    const other = await http(
      em(),
      `/storage/v1/object/sign/documents/${team.id}/mot/x.pdf?token=${token}`,
    );
    expect([other.status, other.json()]).toEqual([
      400,
      {
        statusCode: '400',
        error: 'InvalidSignature',
        message: 'The url do not match the signature',
        code: 'InvalidSignature',
      },
    ]);
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: 4_102_444_800 })).toString(
      'base64url',
    );
    const altered = await http(
      em(),
      `/storage/v1/object/sign/documents/${objectPath}?token=${header}.${longer}.${token.split('.')[2]}`,
    );
    expect([altered.status, altered.json()]).toEqual([
      400,
      expect.objectContaining({ error: 'InvalidJWT', message: 'invalid signature' }),
    ]);
    // The anon key is a valid JWT of the project, but not a signed URL's token.
    const anonKey = await http(
      em(),
      `/storage/v1/object/sign/documents/${objectPath}?token=${em().anonKey}`,
    );
    expect(anonKey.status).toBe(400);
    expect(anonKey.text).not.toContain('%PDF');
    const none = await http(em(), `/storage/v1/object/sign/documents/${objectPath}`);
    expect(none.status).toBe(400);
  });
});

describe('uploads the server refuses', () => {
  test('a 20 MB file is refused, and nothing is stored or recorded', async () => {
    const before = await storedObjects();
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set(PDF);
    const answer = await upload(em(), { secret: team.secret, kind: 'mot', bytes: huge });
    expect(answer.status).toBe(413);
    expect(await storedObjects()).toEqual(before);
    // Straight to Storage, even with the service role: the bucket's own limit.
    const direct = await em()
      .service.storage.from('documents')
      .upload(`${team.id}/mot/direct.pdf`, huge, { contentType: 'application/pdf' });
    expect(direct.error).toMatchObject({ statusCode: '413' });
    expect(await storedObjects()).toEqual(before);
  });

  test('one byte over 10 MiB is refused by the function itself, beside the file field', async () => {
    const before = await storedObjects();
    const over = new Uint8Array(10 * 1024 * 1024 + 1);
    over.set(PDF);
    const answer = await upload(em(), { secret: team.secret, kind: 'mot', bytes: over });
    expect(answer).toEqual({
      status: 413,
      body: { error: 'The file must be 10 MB or smaller.', field: 'file' },
    });
    expect(await storedObjects()).toEqual(before);
  });

  test('an HTML page named .pdf and declared application/pdf is refused, whatever its name says', async () => {
    const before = await storedObjects();
    const page = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const answer = await upload(em(), {
      secret: team.secret,
      kind: 'mot',
      bytes: page,
      name: 'mot.pdf',
      type: 'application/pdf',
    });
    expect(answer).toEqual({
      status: 415,
      body: { error: 'Please send a photo (JPEG or PNG) or a PDF.', field: 'file' },
    });
    // Declared as HTML: the bucket takes only JPEG, PNG and PDF.
    const direct = await em()
      .service.storage.from('documents')
      .upload(`${team.id}/mot/page.html`, page, { contentType: 'text/html' });
    expect(direct.error).toMatchObject({ statusCode: '415' });
    expect(await storedObjects()).toEqual(before);
    const { data } = await em()
      .service.from('team_documents')
      .select('kind')
      .eq('registration_id', team.id);
    expect(data).toEqual([{ kind: 'insurance' }]);
  });
});

describe('a wrong secret', () => {
  const WRONG = 'A'.repeat(43);

  test('reads nothing: no page, no signed URL', async () => {
    expect((await em().anon.rpc('team_readiness', { secret: WRONG })).data).toBeNull();
    const url = await signedUrl(em(), WRONG, 'insurance');
    expect(url.status).toBe(404);
    expect(url.body.url).toBeUndefined();
    // The secret with one character changed.
    const altered = `${team.secret.slice(0, -1)}${team.secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await signedUrl(em(), altered, 'insurance')).status).toBe(404);
    // The registration's id is not its secret.
    expect((await signedUrl(em(), team.id, 'insurance')).status).toBe(404);
  });

  test('stores nothing', async () => {
    const before = await storedObjects();
    const answer = await upload(em(), { secret: WRONG, kind: 'mot', bytes: PDF });
    expect(answer.status).toBe(404);
    expect(await storedObjects()).toEqual(before);
  });
});
