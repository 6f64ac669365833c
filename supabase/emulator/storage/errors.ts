// Storage answers every client error with HTTP 400 and puts the real status inside the body
// (storage-api's error handler), so supabase-js can tell a duplicate from a refusal.
import { ApiError } from '../types';

export function storageError(
  status: number,
  error: string,
  message: string,
  code: string,
): ApiError {
  const httpStatus = status >= 500 ? 500 : 400;
  return new ApiError(
    httpStatus,
    { statusCode: String(status), error, message, code },
    { 'cache-control': 'no-store' },
  );
}

export const StorageErrors = {
  bucketNotFound: () => storageError(404, 'Bucket not found', 'Bucket not found', 'NoSuchBucket'),
  objectNotFound: () => storageError(404, 'not_found', 'Object not found', 'NoSuchKey'),
  resourceNotFound: () => storageError(404, 'Not found', 'The resource was not found', 'NoSuchKey'),
  duplicate: () =>
    storageError(409, 'Duplicate', 'The resource already exists', 'KeyAlreadyExists'),
  rlsRefused: () =>
    storageError(403, 'Unauthorized', 'new row violates row-level security policy', 'AccessDenied'),
  accessDenied: (message: string) => storageError(403, 'Unauthorized', message, 'AccessDenied'),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key}`, 'InvalidKey'),
  invalidMimeType: (mimeType: string) =>
    storageError(
      415,
      'invalid_mime_type',
      `mime type ${mimeType} is not supported`,
      'InvalidMimeType',
    ),
  contentMismatch: (mimeType: string) =>
    storageError(
      415,
      'invalid_mime_type',
      `The file content does not match its declared type ${mimeType}`,
      'InvalidMimeType',
    ),
  tooLarge: () =>
    storageError(
      413,
      'Payload too large',
      'The object exceeded the maximum allowed size',
      'EntityTooLarge',
    ),
  noContent: () => storageError(400, 'InvalidRequest', 'No content provided', 'InvalidRequest'),
  invalidRequest: (message: string) =>
    storageError(400, 'InvalidRequest', message, 'InvalidRequest'),
  invalidRange: () => storageError(400, 'invalid_range', 'invalid range provided', 'InvalidRange'),
  routeNotFound: (method: string, path: string) =>
    storageError(404, 'Not Found', `Route ${method}:${path} not found`, 'InvalidRequest'),
  internal: () => storageError(500, 'internal', 'Internal Server Error', 'InternalError'),
};

/** Maps a database error (PGlite or pg, both carry the SQLSTATE in `code`) to Storage's shape. */
export function fromDatabaseError(err: unknown): ApiError | null {
  if (typeof err !== 'object' || err === null || !('code' in err)) return null;
  const code = err.code;
  const message = err instanceof Error ? err.message : '';
  if (code === '42501') {
    return message.includes('row-level security')
      ? StorageErrors.rlsRefused()
      : StorageErrors.accessDenied(message);
  }
  if (code === '23505') return StorageErrors.duplicate();
  if (code === '22P02') return StorageErrors.invalidRequest(message || 'Invalid value format');
  return null;
}
