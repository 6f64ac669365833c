// The Storage API (/storage/v1) subset supabase-js uses in this product, answering as
// storage-api does: every client error is HTTP 400 with the real status inside the body.
// Private buckets (`documents`) are read as the caller (/object/authenticated/, RLS decides) or
// through signed URLs (sign.ts); /object/public/ answers 'Bucket not found' for them.
import {
  ApiError,
  type ApiContext,
  type ApiHandler,
  type ApiRequest,
  type ApiResponse,
} from '../types';
import { downloadObject } from './download';
import { StorageErrors } from './errors';
import { listObjects } from './list';
import { objectNameFromPath, isSafeBucketId } from './object-name';
import { removeObject, removeObjects } from './remove';
import { json, listBuckets, renderBucket, requireClaims } from './rows';
import { readSignedObject, signObject, signObjects } from './sign';
import { uploadObject } from './upload';

const PREFIX = '/storage/v1';

/** The still-encoded path below /storage/v1, so an encoded slash in a name stays inside the name. */
function rawPath(req: ApiRequest): string {
  const pathname = req.url.pathname;
  const at = pathname.indexOf(PREFIX);
  return at >= 0 ? pathname.slice(at + PREFIX.length) : req.path;
}

function bucketIdFrom(segment: string): string {
  let bucketId: string;
  try {
    bucketId = decodeURIComponent(segment);
  } catch {
    throw StorageErrors.bucketNotFound();
  }
  if (!isSafeBucketId(bucketId)) throw StorageErrors.bucketNotFound();
  return bucketId;
}

/** Splits "<bucket>/<name...>" into a checked bucket id and a decoded, checked object name. */
function bucketAndName(rest: string): { bucketId: string; name: string } | null {
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return null;
  return {
    bucketId: bucketIdFrom(rest.slice(0, slash)),
    name: objectNameFromPath(rest.slice(slash + 1)),
  };
}

async function route(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const path = rawPath(req);
  const method = req.method === 'HEAD' ? 'GET' : req.method;

  if (path === '/bucket' || path === '/bucket/') {
    if (method !== 'GET') throw StorageErrors.routeNotFound(req.method, path);
    const claims = requireClaims(req);
    return json(200, (await ctx.db.asRole(claims, (tx) => listBuckets(tx))).map(renderBucket));
  }
  if (path.startsWith('/bucket/')) {
    if (method !== 'GET') throw StorageErrors.routeNotFound(req.method, path);
    const claims = requireClaims(req);
    const bucketId = bucketIdFrom(path.slice('/bucket/'.length));
    const [bucket] = await ctx.db.asRole(claims, (tx) => listBuckets(tx, bucketId));
    if (!bucket) throw StorageErrors.bucketNotFound();
    return json(200, renderBucket(bucket));
  }

  if (path.startsWith('/object/list/') && method === 'POST') {
    return listObjects(
      req,
      ctx,
      requireClaims(req),
      bucketIdFrom(path.slice('/object/list/'.length)),
    );
  }
  if (path.startsWith('/object/sign/')) {
    const rest = path.slice('/object/sign/'.length);
    if (method === 'POST' && rest.length > 0 && !rest.includes('/')) {
      return signObjects(req, ctx, requireClaims(req), bucketIdFrom(rest));
    }
    const target = bucketAndName(rest);
    if (target && method === 'POST') {
      return signObject(req, ctx, requireClaims(req), target.bucketId, target.name);
    }
    if (target && method === 'GET') return readSignedObject(req, ctx, target.bucketId, target.name);
    if (!target) throw StorageErrors.resourceNotFound();
  }
  if (path.startsWith('/object/public/') && method === 'GET') {
    const target = bucketAndName(path.slice('/object/public/'.length));
    if (!target) throw StorageErrors.resourceNotFound();
    return downloadObject(req, ctx, { claims: null, ...target, publicOnly: true });
  }
  if (path.startsWith('/object/authenticated/') && method === 'GET') {
    const target = bucketAndName(path.slice('/object/authenticated/'.length));
    if (!target) throw StorageErrors.resourceNotFound();
    return downloadObject(req, ctx, { claims: requireClaims(req), ...target, publicOnly: false });
  }
  if (path.startsWith('/object/')) {
    const rest = path.slice('/object/'.length);
    if (method === 'DELETE' && rest.length > 0 && !rest.includes('/')) {
      return removeObjects(req, ctx, requireClaims(req), bucketIdFrom(rest));
    }
    const target = bucketAndName(rest);
    if (target) {
      if (method === 'GET')
        return downloadObject(req, ctx, {
          claims: requireClaims(req),
          ...target,
          publicOnly: false,
        });
      if (method === 'POST' || method === 'PUT') {
        // PUT replaces an existing object (supabase-js update()); POST creates, or upserts on x-upsert.
        const replace = method === 'PUT' || req.headers['x-upsert'] === 'true';
        return uploadObject(req, ctx, requireClaims(req), target.bucketId, target.name, replace);
      }
      if (method === 'DELETE')
        return removeObject(ctx, requireClaims(req), target.bucketId, target.name);
    }
  }
  throw StorageErrors.routeNotFound(req.method, path);
}

// Every answer, and above all every download, forbids content sniffing: a browser must never
// decide that stored bytes are a page or a script whatever their declared type.
const NOSNIFF = { 'x-content-type-options': 'nosniff' };

export const handleStorage: ApiHandler = async (req, ctx) => {
  try {
    const response = await route(req, ctx);
    return { ...response, headers: { ...response.headers, ...NOSNIFF } };
  } catch (err) {
    const error = err instanceof ApiError ? err : StorageErrors.internal();
    if (!(err instanceof ApiError)) console.error('storage: unexpected error', err);
    return {
      status: error.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...error.headers, ...NOSNIFF },
      body: JSON.stringify(error.body),
    };
  }
};
