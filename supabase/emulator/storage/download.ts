// GET/HEAD /object/public/<bucket>/<name> (any visitor, public buckets only) and
// /object/[authenticated/]<bucket>/<name> (read as the caller, so RLS decides). Bytes are served
// with the stored content type and cache-control, an ETag (304 on a match) and byte ranges.
import type { ApiContext, ApiRequest, ApiResponse, JwtClaims } from '../types';
import { servedContentType } from './content-type';
import { StorageErrors, fromDatabaseError } from './errors';
import { readObjectFile } from './object-files';
import { type ObjectRow, OBJECT_COLUMNS, findBucket } from './rows';

async function findObject(
  ctx: ApiContext,
  claims: JwtClaims | null,
  bucketId: string,
  name: string,
): Promise<ObjectRow | null> {
  const sql = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
  try {
    const result = claims
      ? await ctx.db.asRole(claims, (tx) => tx.query<ObjectRow>(sql, [bucketId, name]))
      : await ctx.db.query<ObjectRow>(sql, [bucketId, name]);
    return result.rows[0] ?? null;
  } catch (err) {
    throw fromDatabaseError(err) ?? err;
  }
}

/** The renderer's answer for a missing object: 400 with the 404 inside, never cached. */
function notFound(): never {
  throw StorageErrors.resourceNotFound();
}

function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

export async function downloadObject(
  req: ApiRequest,
  ctx: ApiContext,
  options: { claims: JwtClaims | null; bucketId: string; name: string; publicOnly: boolean },
): Promise<ApiResponse> {
  const { claims, bucketId, name } = options;
  if (options.publicOnly) {
    const bucket = await findBucket(ctx.db, bucketId);
    if (!bucket.public) throw StorageErrors.bucketNotFound();
  }
  const row = await findObject(ctx, options.publicOnly ? null : claims, bucketId, name);
  if (!row || !row.version) notFound();
  const bytes = await readObjectFile(ctx, bucketId, name, row.version);
  if (!bytes) notFound();

  const metadata = row.metadata;
  const eTag = metadata?.eTag ?? '';
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-type': servedContentType(metadata?.mimetype),
    etag: eTag,
    'x-robots-tag': 'none',
    'cache-control': metadata?.cacheControl ?? 'no-cache',
  };
  const lastModified = metadata?.lastModified ? new Date(metadata.lastModified) : null;
  if (lastModified && !Number.isNaN(lastModified.getTime()))
    headers['last-modified'] = lastModified.toUTCString();

  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && eTag && ifNoneMatch.split(',').some((tag) => tag.trim() === eTag)) {
    return { status: 304, headers };
  }

  const withBody = req.method !== 'HEAD';
  const rangeHeader = req.headers.range;
  if (rangeHeader) {
    const range = parseRange(rangeHeader, bytes.length);
    if (!range) {
      return {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${bytes.length}`, 'content-length': '0' },
        body: null,
      };
    }
    const slice = bytes.subarray(range.start, range.end + 1);
    return {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${bytes.length}`,
        'content-length': String(slice.length),
      },
      body: withBody ? slice : null,
    };
  }
  return {
    status: 200,
    headers: { ...headers, 'content-length': String(bytes.length) },
    body: withBody ? bytes : null,
  };
}
