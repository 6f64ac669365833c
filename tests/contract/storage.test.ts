// Storage (/storage/v1) through the real supabase-js storage client over HTTP: the media
// library's calls (list newest first, upload, public URL, remove), the bucket's limits, and the
// bucket's part of the RLS matrix. Each test uses its own folder, so tests never share objects.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { http, setupTestEmulator, type Client, type TestEmulator } from './harness';

const em = setupTestEmulator();
const BUCKET = 'media';

async function png(colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function webp(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#2980b9' } })
    .webp()
    .toBuffer();
}

async function accessToken(client: Client): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('expected a signed-in client');
  return data.session.access_token;
}

async function uploadAsAdmin(path: string, bytes?: Buffer): Promise<void> {
  const { error } = await em()
    .admin.storage.from(BUCKET)
    .upload(path, new Blob([new Uint8Array(bytes ?? (await png()))], { type: 'image/png' }));
  if (error) throw error;
}

async function publicGet(path: string, headers: Record<string, string> = {}) {
  const url = em().anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
  return fetch(url, { headers });
}

function storageError(error: unknown): { status?: number; statusCode?: string; message?: string } {
  expect(error).toBeTruthy();
  return error as { status?: number; statusCode?: string; message?: string };
}

describe('uploads', () => {
  it('uploads a File as multipart form data and answers its key and id', async () => {
    const bytes = await png();
    const file = new File([new Uint8Array(bytes)], 'car.png', { type: 'image/png' });
    const { data, error } = await em().admin.storage.from(BUCKET).upload('uploads/car.png', file);
    expect(error).toBeNull();
    expect(data?.path).toBe('uploads/car.png');
    expect(data?.fullPath).toBe('media/uploads/car.png');
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const response = await publicGet('uploads/car.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('uploads a Buffer as a raw body with its content type', async () => {
    const bytes = await webp();
    const { error } = await em()
      .admin.storage.from(BUCKET)
      .upload('uploads/raw.webp', bytes, { contentType: 'image/webp', cacheControl: '600' });
    expect(error).toBeNull();

    const response = await publicGet('uploads/raw.webp');
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('max-age=600');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a second upload to the same name without upsert (409 Duplicate)', async () => {
    await uploadAsAdmin('duplicate/once.png');
    const { error } = await em()
      .admin.storage.from(BUCKET)
      .upload('duplicate/once.png', new Blob([new Uint8Array(await png())], { type: 'image/png' }));
    const failure = storageError(error);
    expect(failure.status).toBe(400);
    expect(failure.statusCode).toBe('409');
    expect(failure.message).toBe('The resource already exists');
  });

  it('replaces an existing object when upsert is on', async () => {
    await uploadAsAdmin('upsert/logo.png', await png('#000000'));
    const replacement = await png('#ffffff');
    const { error } = await em()
      .admin.storage.from(BUCKET)
      .upload('upsert/logo.png', new Blob([new Uint8Array(replacement)], { type: 'image/png' }), {
        upsert: true,
      });
    expect(error).toBeNull();
    const response = await publicGet('upsert/logo.png');
    expect(Buffer.from(await response.arrayBuffer()).equals(replacement)).toBe(true);
  });
});

describe('list', () => {
  it('lists a folder newest first, with sub-folders as items without id or metadata', async () => {
    await uploadAsAdmin('library/first.png');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await uploadAsAdmin('library/second.png');
    await uploadAsAdmin('library/nested/deeper.png');

    const { data, error } = await em()
      .admin.storage.from(BUCKET)
      .list('library', { limit: 100, offset: 0, sortBy: { column: 'created_at', order: 'desc' } });
    expect(error).toBeNull();
    expect(data?.map((item) => item.name)).toEqual(['nested', 'second.png', 'first.png']);
    const [folder, newest] = data ?? [];
    expect(folder?.id).toBeNull();
    expect(folder?.metadata).toBeNull();
    expect(newest?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newest?.metadata).toMatchObject({
      mimetype: 'image/png',
      cacheControl: 'max-age=3600',
      size: (await png()).length,
      httpStatusCode: 200,
    });
    expect(newest?.metadata?.eTag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(newest?.created_at ?? '')).not.toBeNaN();
  });

  it('pages with limit and offset and filters by a search term', async () => {
    for (const name of ['alps-a.png', 'alps-b.png', 'lake-c.png'])
      await uploadAsAdmin(`paging/${name}`);
    const storage = em().admin.storage.from(BUCKET);

    const page = await storage.list('paging', {
      limit: 2,
      offset: 1,
      sortBy: { column: 'name', order: 'asc' },
    });
    expect(page.data?.map((item) => item.name)).toEqual(['alps-b.png', 'lake-c.png']);

    const search = await storage.list('paging', { search: 'ALPS' });
    expect(search.data?.map((item) => item.name)).toEqual(['alps-a.png', 'alps-b.png']);
  });

  it('answers an empty list for a folder that does not exist', async () => {
    const { data, error } = await em().admin.storage.from(BUCKET).list('no-such-folder');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('public download', () => {
  it('serves an object with its content type, cache-control 3600, length and ETag', async () => {
    const bytes = await png();
    await uploadAsAdmin('public/served.png', bytes);
    const response = await publicGet('public/served.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 304 when the ETag matches and a byte range with 206', async () => {
    const bytes = await png();
    await uploadAsAdmin('public/cached.png', bytes);
    const etag = (await publicGet('public/cached.png')).headers.get('etag') ?? '';

    expect((await publicGet('public/cached.png', { 'if-none-match': etag })).status).toBe(304);

    const partial = await publicGet('public/cached.png', { range: 'bytes=0-7' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);
  });

  it('answers every download with nosniff, whatever its status', async () => {
    await uploadAsAdmin('public/nosniff.png');
    const etag = (await publicGet('public/nosniff.png')).headers.get('etag') ?? '';
    for (const response of [
      await publicGet('public/nosniff.png'),
      await publicGet('public/nosniff.png', { 'if-none-match': etag }),
      await publicGet('public/nosniff.png', { range: 'bytes=0-3' }),
      await publicGet('public/missing.png'),
    ]) {
      expect(response.headers.get('x-content-type-options'), String(response.status)).toBe(
        'nosniff',
      );
    }
  });

  it("answers a missing object with Storage's not-found error", async () => {
    const response = await publicGet('public/missing.png');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', error: 'Not found' });
  });

  it('downloads an object through the authenticated route as an administrator only', async () => {
    const bytes = await png();
    await uploadAsAdmin('public/download.png', bytes);
    const { data, error } = await em().admin.storage.from(BUCKET).download('public/download.png');
    expect(error).toBeNull();
    expect(Buffer.from(await (data as Blob).arrayBuffer()).equals(bytes)).toBe(true);
    // That route reads as the caller, and only administrators may see the bucket's rows; the
    // public URL is how everyone else gets the file.
    const visitor = await em().visitor.storage.from(BUCKET).download('public/download.png');
    expect(visitor.data).toBeNull();
    expect((await publicGet('public/download.png')).status).toBe(200);
  });
});

describe('remove', () => {
  it('removes objects by name and answers the removed rows', async () => {
    await uploadAsAdmin('remove/one.png');
    await uploadAsAdmin('remove/two.png');
    const { data, error } = await em()
      .admin.storage.from(BUCKET)
      .remove(['remove/one.png', 'remove/two.png', 'remove/never-there.png']);
    expect(error).toBeNull();
    expect(data?.map((row) => row.name).sort()).toEqual(['remove/one.png', 'remove/two.png']);
    expect((await publicGet('remove/one.png')).status).toBe(400);
    const listed = await em().admin.storage.from(BUCKET).list('remove');
    expect(listed.data).toEqual([]);
  });
});

describe("the bucket's limits", () => {
  it('refuses a type the bucket does not allow', async () => {
    const { error } = await em()
      .admin.storage.from(BUCKET)
      .upload('limits/notes.txt', new Blob(['hello'], { type: 'text/plain' }));
    const failure = storageError(error);
    expect(failure.status).toBe(400);
    expect(failure.statusCode).toBe('415');
    expect(failure.message).toBe('mime type text/plain is not supported');
  });

  it('refuses a declared type with parameters or in capitals, as hosted Storage does', async () => {
    const token = await accessToken(em().admin);
    for (const type of ['image/png; x=text/html', 'image/png;charset=utf-8', 'IMAGE/PNG']) {
      const response = await http(
        em(),
        `/storage/v1/object/media/limits/typed-${type.length}.png`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          body: new Uint8Array(await png()),
        },
      );
      expect(response.status, type).toBe(400);
      expect(response.json(), type).toMatchObject({
        statusCode: '415',
        message: `mime type ${type} is not supported`,
      });
    }
  });

  it("stores a file part's type without its parameters, as Storage's form parser reads it", async () => {
    const token = await accessToken(em().admin);
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([new Uint8Array(await png())], { type: 'image/png; x=text/html' }));
    const response = await http(em(), '/storage/v1/object/media/limits/part-type.png', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const listed = await em().admin.storage.from(BUCKET).list('limits', { search: 'part-type' });
    expect(listed.data?.[0]?.metadata).toMatchObject({ mimetype: 'image/png' });
    expect((await publicGet('limits/part-type.png')).headers.get('content-type')).toBe('image/png');
  });

  it('refuses content that does not match its declared image type', async () => {
    const disguised = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
    const { error } = await em().admin.storage.from(BUCKET).upload('limits/fake.png', disguised);
    expect(storageError(error).statusCode).toBe('415');
    expect((await publicGet('limits/fake.png')).status).toBe(400);
  });

  it("refuses a file over the bucket's 50 MiB limit", async () => {
    const oversize = Buffer.alloc(50 * 1024 * 1024 + 1);
    (await png()).copy(oversize);
    const { error } = await em()
      .admin.storage.from(BUCKET)
      .upload('limits/huge.png', oversize, { contentType: 'image/png' });
    const failure = storageError(error);
    expect(failure.status).toBe(400);
    expect(failure.statusCode).toBe('413');
    expect(failure.message).toBe('The object exceeded the maximum allowed size');
  });

  it('reads the size limit from storage.buckets', async () => {
    const db = em().emulator.db;
    await db.query(`update storage.buckets set file_size_limit = 64 where id = 'media'`);
    try {
      const { error } = await em()
        .admin.storage.from(BUCKET)
        .upload('limits/small-limit.png', await png(), { contentType: 'image/png' });
      expect(storageError(error).statusCode).toBe('413');
    } finally {
      await db.query(`update storage.buckets set file_size_limit = 52428800 where id = 'media'`);
    }
  });

  it('refuses names that try to escape the bucket', async () => {
    const { error } = await em()
      .admin.storage.from(BUCKET)
      .upload('..%2F..%2Fescape.png', await png(), { contentType: 'image/png' });
    expect(storageError(error).statusCode).toBe('400');

    const token = await accessToken(em().admin);
    for (const name of [
      'a%5C..%5Cescape.png',
      'nul%00.png',
      '%2Fabsolute.png',
      'a%2F..%2F..%2Fescape.png',
    ]) {
      const response = await http(em(), `/storage/v1/object/media/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: new Uint8Array(await png()),
      });
      expect(response.status, name).toBe(400);
      expect(response.json(), name).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    const root = await em().admin.storage.from(BUCKET).list('');
    expect(root.data?.map((item) => item.name)).not.toContain('escape.png');
  });
});

describe('RLS on the media bucket', () => {
  const callers: { who: string; client: (e: TestEmulator) => Client; admin: boolean }[] = [
    { who: 'an anonymous visitor', client: (e) => e.anon, admin: false },
    { who: 'a signed-in user without the admin role', client: (e) => e.visitor, admin: false },
    { who: 'an administrator', client: (e) => e.admin, admin: true },
  ];

  for (const { who, client, admin } of callers) {
    const folder = `rls-${who.replace(/\W+/g, '-')}`;

    it(`${admin ? 'lets' : 'does not let'} ${who} list the bucket`, async () => {
      await uploadAsAdmin(`${folder}/listed.png`);
      const { data, error } = await client(em()).storage.from(BUCKET).list(folder);
      expect(error).toBeNull();
      expect(data?.map((item) => item.name)).toEqual(admin ? ['listed.png'] : []);
      const root = await client(em()).storage.from(BUCKET).list('');
      if (admin) expect(root.data?.map((item) => item.name)).toContain(folder);
      else expect(root.data).toEqual([]);
    });

    it(`lets ${who} read an object through its public URL`, async () => {
      await uploadAsAdmin(`${folder}/public.png`);
      const url = client(em()).storage.from(BUCKET).getPublicUrl(`${folder}/public.png`)
        .data.publicUrl;
      expect((await fetch(url)).status).toBe(200);
    });

    it(`${admin ? 'lets' : 'refuses'} ${who} ${admin ? 'upload' : 'an upload'}`, async () => {
      const { error } = await client(em())
        .storage.from(BUCKET)
        .upload(
          `${folder}/uploaded.png`,
          new Blob([new Uint8Array(await png())], { type: 'image/png' }),
        );
      if (admin) {
        expect(error).toBeNull();
      } else {
        const failure = storageError(error);
        expect(failure.statusCode).toBe('403');
        expect(failure.message).toBe('new row violates row-level security policy');
      }
      expect((await publicGet(`${folder}/uploaded.png`)).status).toBe(admin ? 200 : 400);
    });

    it(`${admin ? 'lets' : 'refuses'} ${who} ${admin ? 'delete' : 'a delete'}`, async () => {
      await uploadAsAdmin(`${folder}/delete-me.png`);
      const { data, error } = await client(em())
        .storage.from(BUCKET)
        .remove([`${folder}/delete-me.png`]);
      expect(error).toBeNull();
      expect(data).toHaveLength(admin ? 1 : 0);
      expect((await publicGet(`${folder}/delete-me.png`)).status).toBe(admin ? 400 : 200);
    });

    if (!admin) {
      it(`refuses ${who} an upsert over an existing object`, async () => {
        await uploadAsAdmin(`${folder}/keep.png`);
        const { error } = await client(em())
          .storage.from(BUCKET)
          .upload(
            `${folder}/keep.png`,
            new Blob([new Uint8Array(await png('#00ff00'))], { type: 'image/png' }),
            {
              upsert: true,
            },
          );
        expect(storageError(error).statusCode).toBe('403');
      });
    }
  }

  it('refuses an upload with a forged token', async () => {
    const response = await http(em(), '/storage/v1/object/media/forged.png', {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt', 'content-type': 'image/png' },
      body: new Uint8Array(await png()),
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
  });
});
