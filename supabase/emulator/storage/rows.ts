// The storage schema rows this API reads and writes, and how they are rendered as JSON.
import type { ApiRequest, ApiResponse, Db, JwtClaims, Tx } from '../types';
import { StorageErrors } from './errors';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: ObjectMetadata | null;
  user_metadata?: Record<string, unknown> | null;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';

const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

/** Bucket settings are platform data: read as the superuser, as storage-api does for uploads. */
export async function findBucket(db: Db | Tx, bucketId: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [bucketId],
  );
  const bucket = rows[0];
  if (!bucket) throw StorageErrors.bucketNotFound();
  return bucket;
}

export async function listBuckets(tx: Tx, bucketId?: string): Promise<BucketRow[]> {
  const { rows } = bucketId
    ? await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [
        bucketId,
      ])
    : await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`);
  return rows;
}

export function isoTimestamp(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function renderBucket(bucket: BucketRow) {
  return {
    id: bucket.id,
    name: bucket.name,
    owner: bucket.owner ?? '',
    public: bucket.public,
    file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit),
    allowed_mime_types: bucket.allowed_mime_types,
    created_at: isoTimestamp(bucket.created_at),
    updated_at: isoTimestamp(bucket.updated_at),
  };
}

export function renderObject(row: ObjectRow) {
  return {
    ...row,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
    last_accessed_at: isoTimestamp(row.last_accessed_at),
  };
}

/** Storage needs a verified JWT on every route but public reads (storage-api's jwt plugin). */
export function requireClaims(req: ApiRequest): JwtClaims {
  if (req.authError === 'expired') throw StorageErrors.accessDenied('jwt expired');
  if (req.authError === 'invalid') throw StorageErrors.accessDenied('invalid signature');
  if (!req.claims) throw StorageErrors.accessDenied('jwt must be provided');
  return req.claims;
}

export function json(status: number, body: unknown): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

export function parseJsonBody(req: ApiRequest): unknown {
  try {
    return JSON.parse(req.body.toString('utf8') || 'null');
  } catch {
    throw StorageErrors.invalidRequest('Body is not valid JSON');
  }
}
