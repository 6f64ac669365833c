// Files of the public `media` bucket, for the admin's media library. The storage client is a
// parameter (the admin's signed-in supabase-js `storage`).
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  MEDIA_EXTENSIONS,
  MEDIA_TYPES,
  type MediaExtension,
  type MediaKind,
} from '../config/media';

export type MediaStorage = SupabaseClient['storage'];

export const MEDIA_BUCKET = 'media';

export { MEDIA_EXTENSIONS, type MediaKind };

export type MediaFile = {
  /** Path inside the bucket, e.g. '2026/03/alpine-pass-k3j9x2.webp'. */
  path: string;
  name: string;
  url: string;
  kind: MediaKind;
  size: number;
  createdAt: string;
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

/**
 * Every file in the bucket, newest first. Storage lists one folder at a time, so folders
 * (items without an id) are walked too.
 */
export async function listMediaFiles(storage: MediaStorage, prefix = ''): Promise<MediaFile[]> {
  const { data, error } = await storage.from(MEDIA_BUCKET).list(prefix, {
    limit: 1000,
    sortBy: { column: 'created_at', order: 'desc' },
  });
  if (error) throw error;
  const files: MediaFile[] = [];
  const folders: string[] = [];
  for (const item of data) {
    const path = prefix ? `${prefix}/${item.name}` : item.name;
    if (item.id === null) {
      folders.push(path);
      continue;
    }
    if (item.name === '.emptyFolderPlaceholder') continue;
    const size = Number((item.metadata as { size?: unknown } | null)?.size ?? 0);
    files.push({
      path,
      name: item.name,
      url: storage.from(MEDIA_BUCKET).getPublicUrl(path).data.publicUrl,
      kind: mediaKind(item.name),
      size: Number.isFinite(size) ? size : 0,
      createdAt: item.created_at ?? '',
    });
  }
  const nested = await Promise.all(folders.map((folder) => listMediaFiles(storage, folder)));
  return [...files, ...nested.flat()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Uploads one file under a new unique path and returns that path's public URL. */
export async function uploadMediaFile(storage: MediaStorage, file: File): Promise<string> {
  const contentType = mediaContentType(file.name);
  if (!contentType) throw new Error(`${file.name} is not an image or video the library takes`);
  const path = uniqueMediaPath(file.name);
  // supabase-js sends a Blob's own type as the upload's (its contentType option applies only to
  // other bodies), so the file travels as a Blob of the chosen type; its bytes are not copied.
  const { error } = await storage
    .from(MEDIA_BUCKET)
    .upload(path, new Blob([file], { type: contentType }), {
      cacheControl: '3600',
      upsert: false,
      contentType,
    });
  if (error) throw error;
  return storage.from(MEDIA_BUCKET).getPublicUrl(path).data.publicUrl;
}

export async function removeMediaFile(storage: MediaStorage, path: string): Promise<void> {
  const { data, error } = await storage.from(MEDIA_BUCKET).remove([path]);
  if (error) throw error;
  // Storage answers an empty list, not an error, when policies hide the object.
  if (data.length === 0) throw new Error(`Could not delete ${path}`);
}
