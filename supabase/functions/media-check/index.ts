// The server's check of an upload to the media library. Hosted Supabase Storage keeps any bytes
// the bucket's type and size limits let through and decodes nothing, so after storing an
// original (and its variants) the admin asks this function to read it back: an image must be
// well formed, of the type it is stored as, at most 50 megapixels, and of the size its name
// announces (public pages take the size and variants from the name); a film's first bytes must
// be of its type. A file that fails is deleted with its variants and the answer says why; one
// that passes is recorded (public.record_media_check), which puts it in the library
// (supabase/schemas/media.sql). The caller must be an administrator; the reading, deleting and
// recording use the service role key, which the browser never holds.
//
// POST { path }  → 200 { path, width, height } | 422 { error } (refused, deleted)
// Other refusals are _shared/http.ts's { error } with 400, 403, 404 or 413.
import { callRpc, serviceHeaders } from '../_shared/database.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { checkImage, filmMatches, isCheckedImageType } from '../_shared/formats/image-check.ts';

const BUCKET = 'media';
// The bucket's own limit (supabase/config.toml, 50 MiB): nothing larger can be stored.
const MAX_BYTES = 50 * 1024 * 1024;
const SIZED_NAME = /\.(\d{1,9})x(\d{1,9})\.[A-Za-z0-9]+$/;
const VARIANT_NAME = /\.w\d{1,5}\.webp$/;

const objectUrl = (path: string) =>
  `${Deno.env.get('SUPABASE_URL')}/storage/v1/object/${BUCKET}/${path
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;

/**
 * Whether the path can name an original in the bucket. A '.' or '..' segment would be resolved
 * by fetch() into another URL of the project, asked with the service role key.
 */
function isOriginalPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length > 0 &&
    path.length <= 1024 &&
    !VARIANT_NAME.test(path) &&
    path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

/** The stored object's bytes (films: only the first 64) and type, or null when there is none. */
async function readObject(
  path: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const head = await fetch(objectUrl(path), {
    headers: { ...serviceHeaders(), range: 'bytes=0-63' },
  });
  if (head.status === 400 || head.status === 404) {
    await head.body?.cancel();
    return null;
  }
  if (!head.ok) throw new Error(`storage answered ${head.status} for ${path}`);
  const contentType = (head.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!isCheckedImageType(contentType))
    return { bytes: new Uint8Array(await head.arrayBuffer()), contentType };
  await head.body?.cancel();
  const whole = await fetch(objectUrl(path), { headers: serviceHeaders() });
  if (!whole.ok) throw new Error(`storage answered ${whole.status} for ${path}`);
  const length = Number(whole.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) throw new Error(`${path} is larger than the bucket allows`);
  return { bytes: new Uint8Array(await whole.arrayBuffer()), contentType };
}

/** Deletes the original and every variant stored beside it ('<stem>.w<width>.webp'). */
async function removeWithVariants(path: string): Promise<void> {
  const base = `${Deno.env.get('SUPABASE_URL')}/storage/v1/object`;
  const slash = path.lastIndexOf('/');
  const folder = slash < 0 ? '' : path.slice(0, slash);
  const stem = path.slice(slash + 1).replace(/\.[A-Za-z0-9]+$/, '');
  const listed = await fetch(`${base}/list/${BUCKET}`, {
    method: 'POST',
    headers: { ...serviceHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: folder, search: `${stem}.w`, limit: 100 }),
  });
  if (!listed.ok) throw new Error(`storage refused to list ${folder}: ${listed.status}`);
  const variants = ((await listed.json()) as { name: string }[])
    .map((item) => item.name)
    .filter((name) => name.startsWith(`${stem}.w`) && VARIANT_NAME.test(name))
    .map((name) => (folder ? `${folder}/${name}` : name));
  const removed = await fetch(`${base}/${BUCKET}`, {
    method: 'DELETE',
    headers: { ...serviceHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: [path, ...variants] }),
  });
  if (!removed.ok) throw new Error(`storage refused to delete ${path}: ${removed.status}`);
  await removed.body?.cancel();
}

/** Why the stored file is refused, or its size (null for a film). */
function judge(
  path: string,
  stored: { bytes: Uint8Array; contentType: string },
): { problem: string } | { width: number | null; height: number | null } {
  const film = filmMatches(stored.bytes, stored.contentType);
  if (film !== null)
    return film
      ? { width: null, height: null }
      : { problem: 'The file is not a film of the type its name says.' };
  if (!isCheckedImageType(stored.contentType))
    return { problem: 'The file is not an image or film the library takes.' };
  const image = checkImage(stored.bytes, stored.contentType);
  if (!image.ok) return { problem: image.reason };
  const announced = SIZED_NAME.exec(path);
  if (!announced) return { width: image.width, height: image.height };
  // The name carries the size as shown, after the photo's EXIF orientation (the admin's Worker
  // reads it so): a phone's portrait photo is stored 4000×3000 and announced 3000×4000.
  const width = Number(announced[1]);
  const height = Number(announced[2]);
  const turned = width === image.height && height === image.width;
  if (!turned && (width !== image.width || height !== image.height))
    return {
      problem: `The file name announces ${width}×${height} pixels but the image is ${image.width}×${image.height}.`,
    };
  return { width, height };
}

serve(
  {
    name: 'media-check',
    callers: ['admin'],
    refused: 'Only an administrator may add files to the media library',
    failure: 'The file could not be checked. Please try again.',
  },
  async ({ body }) => {
    const path = body.path;
    if (!isOriginalPath(path))
      throw new Refusal(400, 'Expected { path: <the original file in the media bucket> }');
    const stored = await readObject(path);
    if (!stored) throw new Refusal(404, 'There is no such file in the media library.');
    const verdict = judge(path, stored);
    if ('problem' in verdict) {
      await removeWithVariants(path);
      throw new Refusal(422, verdict.problem);
    }
    await callRpc('record_media_check', {
      target_path: path,
      image_width: verdict.width,
      image_height: verdict.height,
    });
    return json(200, { path, width: verdict.width, height: verdict.height });
  },
);
