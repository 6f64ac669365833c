// Hostile uploads to the media library, sent as an administrator with the real supabase-js to the
// emulator and checked by the media-check Edge Function under Deno (the product's code, as on
// hosted Supabase, whose Storage decodes nothing): a decompression bomb, a PNG claiming
// 65535×65535, a truncated JPEG and an HTML page named .png are refused with the reason and leave
// nothing stored; object names with text-direction or control characters, or announcing a size
// of 0×0, are refused by the database with a 400, not a 500. Good images pass and are listed.
import { describe, expect, test } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import {
  cleanFileName,
  listMediaPage,
  MediaRefusedError,
  uploadMediaFile,
  type UploadVariants,
} from '../../src/data/media';
import {
  blackPng,
  HTML_PAGE,
  htmlBehindPngSignature,
  pngClaiming,
  realImage,
} from '../support/crafted-images';
import { setupTestEmulator, type Client } from './harness';

const em = setupTestEmulator();

const DAMAGED = 'The file is damaged or not a real image.';

const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);

/** Calls media-check as `client` and answers the status and JSON, refusals included. */
async function mediaCheck(client: Client, body: unknown) {
  const { data, error } = await client.functions.invoke('media-check', { body: body as object });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  throw error;
}

/** Every stored object (originals and variants) whose name holds `slug`, read with the service key. */
async function storedWith(slug: string): Promise<string[]> {
  const now = new Date();
  const folder = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`;
  const { data, error } = await em().service.storage.from('media').list(folder, { search: slug });
  expect(error).toBeNull();
  const { data: rows } = await em()
    .service.from('media_files')
    .select('path')
    .like('path', `%${slug}%`);
  return [...(data ?? []).map((item) => item.name), ...(rows ?? []).map((row) => row.path)];
}

/** Uploads as the admin's library does, minus the browser's own check, and answers the refusal. */
async function refusal(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  prepared: UploadVariants | null = null,
): Promise<string> {
  const failure = await uploadMediaFile(em().admin, file(bytes, name), prepared).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(MediaRefusedError);
  return (failure as MediaRefusedError).message;
}

describe('the server checks every uploaded file', () => {
  test('a good PNG and JPEG pass and are listed with the size read from them', async () => {
    const { admin } = em();
    await uploadMediaFile(admin, file(await realImage('png', 3, 2), 'good small.png'));
    await uploadMediaFile(admin, file(await realImage('jpeg', 5, 4), 'good small.jpg'));
    const { rows } = await listMediaPage(admin, {
      search: 'good-small-',
      status: null,
      filters: {},
      sort: 'newest',
      page: 1,
      pageSize: 20,
    });
    expect(rows.map(({ width, height }) => `${width}x${height}`).sort()).toEqual(['3x2', '5x4']);
  });

  test('a portrait photo turned by its EXIF orientation passes with the size it is shown at', async () => {
    const { admin } = em();
    // Stored 40×30 with orientation 6 (turn right): the browser shows, and the name says, 30×40.
    const photo = file(await realImage('jpeg', 40, 30, 6), 'portrait.jpg');
    const url = await uploadMediaFile(admin, photo, { width: 30, height: 40, variants: [] });
    expect(url).toMatch(/portrait-\w+\.30x40\.jpg$/);
    expect(await storedWith('portrait-')).toHaveLength(2);
  });

  test('a decompression bomb (64 megapixels in a few KB) is refused and not kept', async () => {
    const bomb = blackPng(8000, 8000);
    expect(bomb.length).toBeLessThan(20_000);
    expect(await refusal(bomb, 'bomb.png')).toBe(
      'The image is 8000×8000 pixels; the limit is 50 megapixels. Please resize it first.',
    );
    expect(await storedWith('bomb-')).toEqual([]);
  });

  test('a PNG claiming 65535×65535 is refused and not kept', async () => {
    expect(await refusal(pngClaiming(65_535, 65_535), 'claims-huge.png')).toMatch(
      /65535×65535 pixels; the limit is 50 megapixels/,
    );
    expect(await storedWith('claims-huge-')).toEqual([]);
  });

  test('a truncated JPEG is refused with its variants', async () => {
    const whole = await realImage('jpeg', 400, 300);
    const truncated = whole.slice(0, Math.floor(whole.length / 2));
    const variant = new Blob([await realImage('webp', 320, 240)], { type: 'image/webp' });
    const prepared = { width: 400, height: 300, variants: [{ width: 320, blob: variant }] };
    expect(await refusal(truncated, 'truncated.jpg', prepared)).toBe(DAMAGED);
    expect(await storedWith('truncated-')).toEqual([]);
  });

  test('an HTML page named .png is refused, also behind the PNG signature', async () => {
    expect(await refusal(htmlBehindPngSignature(), 'page behind signature.png')).toBe(DAMAGED);
    expect(await storedWith('page-behind-signature-')).toEqual([]);
    // Without the signature the local Storage refuses it on upload; hosted stores it and the
    // function refuses it ('The file is not an image'). Either way nothing is kept.
    await expect(uploadMediaFile(em().admin, file(HTML_PAGE, 'plain page.png'))).rejects.toThrow();
    expect(await storedWith('plain-page-')).toEqual([]);
  });

  test('an upload the server could not check is not left stored', async () => {
    // The function unreachable (offline, or failing): the library would never list the file.
    const unreachable = {
      storage: em().admin.storage,
      functions: { invoke: async () => ({ data: null, error: new Error('Failed to fetch') }) },
    } as unknown as Parameters<typeof uploadMediaFile>[0];
    const variant = new Blob([await realImage('webp', 320, 240)], { type: 'image/webp' });
    const prepared = { width: 400, height: 300, variants: [{ width: 320, blob: variant }] };
    const photo = file(await realImage('jpeg', 400, 300), 'unchecked.jpg');
    await expect(uploadMediaFile(unreachable, photo, prepared)).rejects.toThrow('Failed to fetch');
    expect(await storedWith('unchecked-')).toEqual([]);
  });

  test('an image whose name announces another size than its own is refused', async () => {
    const png = await realImage('png', 30, 20);
    expect(await refusal(png, 'lying.png', { width: 300, height: 200, variants: [] })).toBe(
      'The file name announces 300×200 pixels but the image is 30×20.',
    );
  });
});

describe('object names in the media bucket', () => {
  test.each([
    ['a right-to-left override', 'hostile/photo\u202Egnp.png', 'text-direction character'],
    ['a left-to-right mark', 'hostile/photo\u200E.png', 'text-direction character'],
    ['a C1 control character', 'hostile/photo\u0085.png', 'control character'],
    ['a name not in NFC', 'hostile/cafe\u0301.png', 'not in Unicode NFC'],
    ['a size of 0×0', 'hostile/nothing.0x0.png', 'announces an image with no size'],
    ['more than 50 megapixels', 'hostile/huge.65535x65535.png', 'the limit is 50 megapixels'],
  ])('%s is refused with 400 and its reason', async (_, name, reason) => {
    const png = await realImage('png', 2, 2);
    const { error } = await em()
      .admin.storage.from('media')
      .upload(name, new Blob([png], { type: 'image/png' }));
    expect(error).toMatchObject({ statusCode: '400', message: expect.stringContaining(reason) });
    const { data } = await em().service.from('media_files').select('id').eq('path', name);
    expect(data).toEqual([]);
  });

  test('a C0 control character never reaches the bucket', async () => {
    const png = await realImage('png', 2, 2);
    const { error } = await em()
      .admin.storage.from('media')
      .upload('hostile/bell\u0007.png', new Blob([png], { type: 'image/png' }));
    expect(error).toMatchObject({ statusCode: '400' });
  });

  test('the library shows a name without control or text-direction characters', async () => {
    expect(cleanFileName('photo\u202Egnp.exe')).toBe('photognp.exe');
    expect(cleanFileName('cafe\u0301\u0007.png')).toBe('café.png');
    expect(cleanFileName('\u2066\u2069')).toBe('file');
  });
});

describe('media-check', () => {
  test.each(['anon', 'visitor'] as const)(
    'refuses %s: only administrators add files',
    async (who) => {
      const answer = await mediaCheck(em()[who], { path: 'seed/gallery/x.webp' });
      expect(answer).toEqual({
        status: 403,
        body: { error: 'Only an administrator may add files to the media library' },
      });
    },
  );

  test.each([
    ['a path that climbs out of the bucket', { path: '../../../rest/v1/rpc/is_admin' }],
    ['a dot segment', { path: '2026/./x.png' }],
    ['a variant', { path: '2026/03/x.400x300.w320.webp' }],
    ['no path', {}],
  ])('answers 400 to %s', async (_, body) => {
    expect((await mediaCheck(em().admin, body)).status).toBe(400);
  });

  test('answers 404 for a file that is not stored', async () => {
    expect(await mediaCheck(em().admin, { path: 'nowhere/missing.png' })).toEqual({
      status: 404,
      body: { error: 'There is no such file in the media library.' },
    });
  });
});
