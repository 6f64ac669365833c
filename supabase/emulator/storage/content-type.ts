// Content types as hosted Storage (storage-api) takes and serves them, so nothing is accepted
// here that production would refuse, and nothing stored can come back as a web page:
// - a multipart file part's type is read as its form parser (busboy) reads it: type/subtype,
//   lower-cased, without parameters; a raw body's Content-Type and a `contentType` form field
//   are taken as sent;
// - a bucket with allowed types accepts a type only when its "type/subtype", as sent, equals an
//   allowed entry or `type/*` (storage-api's validateMimeType): `image/png; x=text/html` and
//   `IMAGE/PNG` are refused;
// - the stored type is the essence (lower-case, no parameters), even where no list applies;
// - a download is served with the stored type, except that any type naming text/html is served
//   as text/plain (storage-api's renderer does the same), always with nosniff (see download.ts).
import { StorageErrors } from './errors';

const TOKEN = "[a-z0-9!#$&^_.+'*-]+";
const ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/** type/subtype of a Content-Type, lower-cased and without parameters ('' when malformed). */
export function essenceOf(contentType: string): string {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return ESSENCE.test(essence) ? essence : '';
}

/** A multipart file part's type as busboy gives it to storage-api (text/plain when absent). */
export function partContentType(header: string | null): string {
  return header ? essenceOf(header) || header : 'text/plain';
}

/** storage-api's validateMimeType: the declared type as sent against the bucket's list. */
function allowedByBucket(declared: string, allowed: string[]): boolean {
  const [type, subtype] = declared.split('/');
  if (type === undefined || subtype === undefined) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** The type to store for an upload declared as `declared`, or Storage's 415 refusal. */
export function acceptedContentType(declared: string, allowed: string[] | null): string {
  const essence = essenceOf(declared);
  const listed = allowed !== null && allowed.length > 0;
  if (!essence || (listed && !allowedByBucket(declared, allowed))) {
    throw StorageErrors.invalidMimeType(declared);
  }
  return essence;
}

/** The Content-Type a download is served with. */
export function servedContentType(stored: string | null | undefined): string {
  if (!stored) return 'application/octet-stream';
  if (stored.toLowerCase().includes('text/html')) return 'text/plain';
  return essenceOf(stored) || 'application/octet-stream';
}
