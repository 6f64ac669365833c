// POST /object/<bucket>/<name> (and PUT, which replaces): multipart/form-data as supabase-js
// sends a File or Blob, or the raw body as it sends a Buffer or string. The bucket's limits are
// checked first, then the row is written as the caller so the bucket's RLS policies decide, and
// the bytes are written inside that transaction so a refused upload leaves nothing on disk.
import { createHash, randomUUID } from 'node:crypto';
import type { ApiContext, ApiRequest, ApiResponse, JwtClaims, Tx } from '../types';
import { acceptedContentType, partContentType } from './content-type';
import { StorageErrors, fromDatabaseError } from './errors';
import { boundaryOf, parseMultipart } from './multipart';
import { removeObjectFile, writeObjectFile } from './object-files';
import { type BucketRow, type ObjectMetadata, findBucket, json } from './rows';
import { contentMatchesType } from './sniff';

interface IncomingFile {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const FIELD_NAMES = new Set(['cacheControl', 'contentType', 'metadata', 'userMetadata']);

function readIncomingFile(req: ApiRequest): IncomingFile {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return {
      bytes: req.body,
      mimeType: contentType || 'application/octet-stream',
      cacheControl: req.headers['cache-control'] ?? 'no-cache',
      userMetadata: parseUserMetadata(req.headers['x-metadata'] ?? null, true),
    };
  }

  const boundary = boundaryOf(contentType);
  const parts = boundary ? parseMultipart(req.body, boundary) : null;
  if (!parts) throw StorageErrors.noContent();
  const field = (name: string) => {
    const part = parts.find((candidate) => candidate.name === name && candidate.filename === null);
    return part ? part.data.toString('utf8') : undefined;
  };
  // supabase-js appends the file with an empty field name; other clients name it (e.g. "file").
  const filePart =
    parts.find((part) => part.filename !== null) ??
    parts.find((part) => !FIELD_NAMES.has(part.name));
  if (!filePart) throw StorageErrors.noContent();
  const cacheTime = field('cacheControl');
  return {
    bytes: filePart.data,
    mimeType: field('contentType') || partContentType(filePart.contentType),
    cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: parseUserMetadata(field('metadata') ?? field('userMetadata') ?? null, false),
  };
}

function parseUserMetadata(raw: string | null, base64: boolean): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(base64 ? Buffer.from(raw, 'base64').toString('utf8') : raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Checks the bucket's limits; answers the content type to store (see content-type.ts). */
function checkBucketLimits(bucket: BucketRow, file: IncomingFile): string {
  const mimeType = acceptedContentType(file.mimeType, bucket.allowed_mime_types);
  if (bucket.file_size_limit !== null && file.bytes.length > Number(bucket.file_size_limit)) {
    throw StorageErrors.tooLarge();
  }
  if (!contentMatchesType(mimeType, file.bytes)) {
    throw StorageErrors.contentMismatch(mimeType);
  }
  return mimeType;
}

function ownerOf(claims: JwtClaims): string | null {
  const sub = claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}

async function writeRow(
  tx: Tx,
  options: {
    bucketId: string;
    name: string;
    claims: JwtClaims;
    version: string;
    metadata: ObjectMetadata;
    userMetadata: Record<string, unknown> | null;
    replace: boolean;
  },
): Promise<{ id: string; previousVersion: string | null }> {
  const { bucketId, name, claims, version, metadata, userMetadata } = options;
  const owner = ownerOf(claims);
  if (options.replace) {
    const existing = await tx.query<{ version: string | null }>(
      'select version from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (existing.rows.length > 0) {
      const updated = await tx.query<{ id: string }>(
        `update storage.objects
            set version = $3, metadata = $4, user_metadata = $5, owner = $6, owner_id = $7,
                updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2
          returning id`,
        [
          bucketId,
          name,
          version,
          JSON.stringify(metadata),
          userMetadata && JSON.stringify(userMetadata),
          owner,
          claims.sub ?? null,
        ],
      );
      // ON CONFLICT DO UPDATE would raise here; an update hidden by RLS affects no rows.
      const row = updated.rows[0];
      if (!row) throw StorageErrors.rlsRefused();
      return { id: row.id, previousVersion: existing.rows[0]?.version ?? null };
    }
  }
  const inserted = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning id`,
    [
      bucketId,
      name,
      owner,
      claims.sub ?? null,
      version,
      JSON.stringify(metadata),
      userMetadata && JSON.stringify(userMetadata),
    ],
  );
  const row = inserted.rows[0];
  if (!row) throw StorageErrors.rlsRefused();
  return { id: row.id, previousVersion: null };
}

export async function uploadObject(
  req: ApiRequest,
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
  replace: boolean,
): Promise<ApiResponse> {
  const bucket = await findBucket(ctx.db, bucketId);
  const file = readIncomingFile(req);
  const mimeType = checkBucketLimits(bucket, file);

  const version = randomUUID();
  const now = new Date().toISOString();
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: mimeType,
    cacheControl: file.cacheControl,
    lastModified: now,
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };

  let written: { id: string; previousVersion: string | null };
  try {
    written = await ctx.db.asRole(claims, async (tx) => {
      const row = await writeRow(tx, {
        bucketId,
        name,
        claims,
        version,
        metadata,
        userMetadata: file.userMetadata,
        replace,
      });
      await writeObjectFile(ctx, bucketId, name, version, file.bytes);
      return row;
    });
  } catch (err) {
    await removeObjectFile(ctx, bucketId, name, version).catch(() => undefined);
    throw fromDatabaseError(err) ?? err;
  }
  if (written.previousVersion && written.previousVersion !== version) {
    await removeObjectFile(ctx, bucketId, name, written.previousVersion).catch(() => undefined);
  }
  return json(200, { Key: `${bucketId}/${name}`, Id: written.id });
}
