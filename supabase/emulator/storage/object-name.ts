// Object names arrive from the URL. A name that could escape the bucket's folder on disk, or
// that S3 would not accept, is refused before anything touches the database or the disk.
import { StorageErrors } from './errors';

// storage-api's VALID_OBJECT_KEY character set, plus any non-ASCII letter (newer Storage accepts them).
const SAFE_CHARACTERS = /^[\w/!\-.*'() &$@=;:+,?\u0080-\uFFFF]+$/u;

/** Decodes the URL path segment of an object name and checks it; throws Storage's InvalidKey. */
export function objectNameFromPath(rawPath: string): string {
  let name: string;
  try {
    name = decodeURIComponent(rawPath);
  } catch {
    throw StorageErrors.invalidKey(rawPath);
  }
  assertSafeObjectName(name);
  return name;
}

export function assertSafeObjectName(name: string): void {
  const segments = name.split('/');
  const escapes =
    name.length === 0 ||
    name.length > 1024 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes('\0') ||
    segments.some((segment) => segment === '..' || segment === '.' || segment === '') ||
    !SAFE_CHARACTERS.test(name);
  if (escapes) throw StorageErrors.invalidKey(name);
}

export function isSafeBucketId(bucketId: string): boolean {
  return /^[\w\-.]{1,100}$/.test(bucketId) && bucketId !== '.' && bucketId !== '..';
}

/** The lower-cased extension after the last dot of the last segment, as storage.extension() gives. */
export function extensionOf(name: string): string {
  const file = name.split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}
