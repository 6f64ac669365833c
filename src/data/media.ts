// Files of the public `media` bucket, for the admin's media library: the media_files table (one
// row per uploaded original, kept in step with storage by the database) for the list, storage
// for the bytes, and the media-check Edge Function, which checks each upload on the server and
// puts it in the library. The clients are parameters (the admin's signed-in supabase-js).
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import {
  checkImage,
  isCheckedImageType,
} from '../../supabase/functions/_shared/formats/image-check';
import {
  MEDIA_EXTENSIONS,
  MEDIA_TYPES,
  mediaVariantPath,
  sizedMedia,
  sizedMediaPath,
  type MediaExtension,
  type MediaKind,
} from '../config/media';
import { mediaUrl, type DbClient } from './client';
import { BY_ID, listPager, type FacetValue, type ListQuery, type ListSpec } from './content-table';
import type { Row } from './types';

export type MediaStorage = SupabaseClient['storage'];

export const MEDIA_BUCKET = 'media';

export { MEDIA_EXTENSIONS, type MediaKind };

export type MediaFile = {
  id: string;
  /** Path inside the bucket, e.g. '2026/03/alpine-pass-k3j9x2.4000x3000.jpg'. */
  path: string;
  /** The file's name, without its folders. */
  name: string;
  url: string;
  kind: MediaKind;
  size: number;
  createdAt: string;
  /** The default alt text a form pre-fills when this file is picked ('' = none). */
  alt: string;
  width: number | null;
  height: number | null;
  /** Widths of its WebP variants. */
  variants: number[];
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** 'image' for jpg, jpeg, png, gif and webp; anything else is a video. */
export function mediaKind(name: string): MediaKind {
  return (MEDIA_EXTENSIONS.image as readonly string[]).includes(extensionOf(name))
    ? 'image'
    : 'video';
}

function isMediaExtension(extension: string): extension is MediaExtension {
  return Object.hasOwn(MEDIA_TYPES, extension);
}

export function isAllowedMedia(name: string): boolean {
  return isMediaExtension(extensionOf(name));
}

/**
 * The content type a file is uploaded as (src/config/media.ts), chosen from its extension, or null
 * when that is not a media one: the browser's own guess (File.type) may be empty or unusual
 * ('image/pjpeg'), and the bucket accepts exactly these types.
 */
export function mediaContentType(name: string): string | null {
  const extension = extensionOf(name);
  return isMediaExtension(extension) ? MEDIA_TYPES[extension] : null;
}

/**
 * A new, collision-free object path for an upload: '<yyyy>/<mm>/<slug>-<random>.<ext>'. Uploads
 * never overwrite (upsert false), so two files with the same name both survive.
 */
export function uniqueMediaPath(
  fileName: string,
  now: Date = new Date(),
  random: string = randomSuffix(),
): string {
  const extension = extensionOf(fileName);
  const base = extension ? fileName.slice(0, -(extension.length + 1)) : fileName;
  const slug =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'file';
  const month = String(now.getMonth() + 1).padStart(2, '0');
  return `${now.getFullYear()}/${month}/${slug}-${random}${extension ? `.${extension}` : ''}`;
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((byte) => byte.toString(36).padStart(2, '0').slice(-2)).join('');
}

/** The library's list: search by path or alt text, filter by type, four orders. */
export const mediaList: ListSpec<'media_files'> = {
  search: ['path', 'alt'],
  filters: ['kind'],
  sorts: {
    newest: [{ column: 'created_at', ascending: false }, BY_ID],
    oldest: [{ column: 'created_at', ascending: true }, BY_ID],
    path: [{ column: 'path', ascending: true }, BY_ID],
    largest: [{ column: 'size', ascending: false }, BY_ID],
  },
  defaultSort: 'newest',
};

export function mediaFileOf(row: Row<'media_files'>): MediaFile {
  return {
    id: row.id,
    path: row.path,
    name: row.path.slice(row.path.lastIndexOf('/') + 1),
    url: mediaUrl(row.path),
    kind: row.kind === 'video' ? 'video' : 'image',
    size: row.size,
    createdAt: row.created_at,
    alt: row.alt,
    width: row.width,
    height: row.height,
    variants: row.variants,
  };
}

const mediaRowsPage = listPager<'media_files', Row<'media_files'>>(
  (db, { head }) => db.from('media_files').select('*', { count: 'exact', head }),
  mediaList,
);

/** One page of the library for a view (the same list core as the content managers). */
export async function listMediaPage(db: DbClient, query: ListQuery) {
  const page = await mediaRowsPage(db, query);
  return { ...page, rows: page.rows.map(mediaFileOf) };
}

/** How many files of each type the library holds (the type filter's options). */
export async function mediaFacets(db: DbClient): Promise<Record<string, FacetValue[]>> {
  const kinds: MediaKind[] = ['image', 'video'];
  const counts = await Promise.all(
    kinds.map(async (kind) => {
      const { count } = await db
        .from('media_files')
        .select('id', { count: 'exact', head: true })
        .eq('kind', kind)
        .throwOnError();
      return { value: kind, rows: count ?? 0 };
    }),
  );
  return { kind: counts.filter((facet) => facet.rows > 0) };
}

/** The library's file at a public URL or path, or null (a pasted address, a deleted file). */
export async function findMediaFile(db: DbClient, urlOrPath: string): Promise<MediaFile | null> {
  const marker = `/storage/v1/object/public/${MEDIA_BUCKET}/`;
  const at = urlOrPath.indexOf(marker);
  const path = at >= 0 ? decodeURI(urlOrPath.slice(at + marker.length)) : urlOrPath;
  if (!path || /^[a-z]+:/i.test(path)) return null;
  const { data } = await db
    .from('media_files')
    .select('*')
    .eq('path', path)
    .maybeSingle()
    .throwOnError();
  return data ? mediaFileOf(data) : null;
}

/** Sets a file's default alt text. */
export async function describeMediaFile(db: DbClient, id: string, alt: string): Promise<void> {
  await db.from('media_files').update({ alt: alt.trim() }).eq('id', id).throwOnError();
}

/** An image's variants, made before the upload (src/admin/media/variants.ts). */
export type UploadVariants = {
  width: number;
  height: number;
  variants: readonly { width: number; blob: Blob }[];
};

/** A file the library refuses, with the reason to show the administrator. */
export class MediaRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MediaRefusedError';
  }
}

// Bidirectional marks and overrides (U+200E/F, U+202A-U+202E, U+2066-U+2069) and control
// characters: in a name they can make 'photo\u202Egnp.exe' read as 'photoexe.png'.
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A file's name as the admin shows it: NFC, without control or text-direction characters. */
export function cleanFileName(name: string): string {
  return name.normalize('NFC').replace(UNSAFE_NAME_CHARACTERS, '').trim() || 'file';
}

/**
 * The browser's check of an image before anything is decoded or uploaded: its bytes must be a
 * well-formed image of the type its extension says, within the pixel limit. The server checks
 * the stored file again (media-check), since a browser's word proves nothing.
 */
export async function checkMediaFile(file: Blob & { name: string }): Promise<void> {
  const contentType = mediaContentType(file.name);
  if (!contentType || !isCheckedImageType(contentType)) return;
  const checked = checkImage(new Uint8Array(await file.arrayBuffer()), contentType);
  if (!checked.ok) throw new MediaRefusedError(checked.reason);
}

/** The part of the admin's client an upload needs: storage for the bytes, the check function. */
export type MediaUploader = {
  storage: MediaStorage;
  functions: Pick<SupabaseClient['functions'], 'invoke'>;
};

/** Asks the server to check a stored original; a refused one is deleted there, with its variants. */
async function confirmUpload(client: MediaUploader, path: string): Promise<void> {
  const { error } = await client.functions.invoke('media-check', { body: { path } });
  if (!error) return;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (response.status === 422) throw new MediaRefusedError(answer.error ?? 'Refused.');
    throw new Error(`media-check answered ${response.status}: ${answer.error ?? ''}`);
  }
  throw error;
}

/**
 * Uploads one file under a new unique path, has the server check it, and returns that path's
 * public URL. With variants, the path carries the image's size and the variants go first: an
 * original whose name announces variants is never stored without them. Names are never reused,
 * so every file is cached for a year as immutable. A refusal (here or on the server) is a
 * MediaRefusedError saying why; nothing of the file is left stored.
 */
export async function uploadMediaFile(
  client: MediaUploader,
  file: File,
  prepared: UploadVariants | null = null,
  onStored: () => void = () => undefined,
): Promise<string> {
  const contentType = mediaContentType(file.name);
  if (!contentType) throw new Error(`${file.name} is not an image or video the library takes`);
  const unique = uniqueMediaPath(file.name);
  const path = prepared ? sizedMediaPath(unique, prepared.width, prepared.height) : unique;
  const bucket = client.storage.from(MEDIA_BUCKET);
  const stored: string[] = [];
  try {
    for (const variant of prepared?.variants ?? []) {
      const variantPath = mediaVariantPath(path, variant.width);
      const { error } = await bucket.upload(variantPath, variant.blob, {
        cacheControl: IMMUTABLE_MEDIA,
        upsert: false,
        contentType: 'image/webp',
      });
      if (error) throw error;
      stored.push(variantPath);
      onStored();
    }
    // supabase-js sends a Blob's own type as the upload's (its contentType option applies only
    // to other bodies), so the file travels as a Blob of the chosen type; its bytes are not copied.
    const { error } = await bucket.upload(path, new Blob([file], { type: contentType }), {
      cacheControl: IMMUTABLE_MEDIA,
      upsert: false,
      contentType,
    });
    if (error) throw error;
    stored.push(path);
    await confirmUpload(client, path);
  } catch (error) {
    // Whatever was stored goes: variants without their original, or an original the server
    // never checked, would be listed nowhere and never deleted (a refused one is gone already).
    if (stored.length) await bucket.remove(stored);
    throw error;
  }
  onStored();
  return bucket.getPublicUrl(path).data.publicUrl;
}

/**
 * Storage writes `max-age=<this>` into the object's Cache-Control: a year, immutable, since an
 * uploaded name is never written twice (uniqueMediaPath).
 */
const IMMUTABLE_MEDIA = '31536000, immutable';

/** Deletes a file and its variants (its media_files row goes with it). */
export async function removeMediaFile(storage: MediaStorage, path: string): Promise<void> {
  const variants = sizedMedia(path)?.variants.map((variant) => variant.path) ?? [];
  const { data, error } = await storage.from(MEDIA_BUCKET).remove([path, ...variants]);
  if (error) throw error;
  // Storage answers an empty list, not an error, when policies hide the object.
  if (!data.some((object) => object.name === path)) throw new Error(`Could not delete ${path}`);
}
