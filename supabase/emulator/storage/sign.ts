// Signed URLs, as storage-api makes and serves them, for private buckets (the `documents`
// bucket): POST /object/sign/<bucket>/<name> {expiresIn} (supabase-js createSignedUrl) and
// POST /object/sign/<bucket> {expiresIn, paths} (createSignedUrls) sign only objects the caller
// may read (RLS decides, as for a download); the token is a JWT signed with the project's secret,
// claims {url: "<bucket>/<name>", iat, exp}. GET /object/sign/<bucket>/<name>?token= serves the
// bytes to anyone holding a token for exactly that object until it expires.
import { signJwt, verifySignedUrlToken } from '../jwt';
import type { ApiContext, ApiRequest, ApiResponse, JwtClaims } from '../types';
import { downloadObject } from './download';
import { StorageErrors, fromDatabaseError, storageError } from './errors';
import { assertSafeObjectName } from './object-name';
import { json, parseJsonBody } from './rows';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fastify's schema refusal for a body that lacks or mistypes a field (storage-api's routes). */
function bodyRefused(message: string): never {
  throw storageError(400, 'Bad Request', message, 'InvalidRequest');
}

function expiresInOf(body: unknown): number {
  if (!isRecord(body) || body.expiresIn === undefined)
    bodyRefused("body must have required property 'expiresIn'");
  const expiresIn = body.expiresIn;
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn))
    bodyRefused('body/expiresIn must be integer');
  if (expiresIn < 1) bodyRefused('body/expiresIn must be >= 1');
  return expiresIn;
}

/** The names among `names` that the caller may read in the bucket (its RLS select policies). */
async function readableNames(
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
  names: string[],
): Promise<Set<string>> {
  try {
    const { rows } = await ctx.db.asRole(claims, (tx) =>
      tx.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, names],
      ),
    );
    return new Set(rows.map((row) => row.name));
  } catch (err) {
    throw fromDatabaseError(err) ?? err;
  }
}

function signedUrl(ctx: ApiContext, bucketId: string, name: string, expiresIn: number): string {
  const url = `${bucketId}/${name}`;
  const iat = Math.floor(Date.now() / 1000);
  const token = signJwt({ url, iat, exp: iat + expiresIn }, ctx.config.jwtSecret);
  return `/object/sign/${encodeURI(url)}?token=${token}`;
}

export async function signObject(
  req: ApiRequest,
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
): Promise<ApiResponse> {
  const expiresIn = expiresInOf(parseJsonBody(req));
  const readable = await readableNames(ctx, claims, bucketId, [name]);
  if (!readable.has(name)) throw StorageErrors.objectNotFound();
  return json(200, { signedURL: signedUrl(ctx, bucketId, name, expiresIn) });
}

export async function signObjects(
  req: ApiRequest,
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
): Promise<ApiResponse> {
  const body = parseJsonBody(req);
  const expiresIn = expiresInOf(body);
  const paths = isRecord(body) ? body.paths : undefined;
  if (paths === undefined) bodyRefused("body must have required property 'paths'");
  if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string'))
    bodyRefused('body/paths must be array of strings');
  if (paths.length < 1) bodyRefused('body/paths must NOT have fewer than 1 items');
  const names = paths as string[];
  const readable = await readableNames(ctx, claims, bucketId, names);
  return json(
    200,
    names.map((path) =>
      readable.has(path)
        ? { error: null, path, signedURL: signedUrl(ctx, bucketId, path, expiresIn) }
        : {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          },
    ),
  );
}

export async function readSignedObject(
  req: ApiRequest,
  ctx: ApiContext,
  bucketId: string,
  name: string,
): Promise<ApiResponse> {
  const token = req.url.searchParams.get('token');
  if (token === null) bodyRefused("querystring must have required property 'token'");
  const verified = verifySignedUrlToken(token, ctx.config.jwtSecret);
  if (!verified.ok) throw storageError(400, 'InvalidJWT', verified.message, 'InvalidJWT');
  if (verified.url !== `${bucketId}/${name}`) {
    throw storageError(
      400,
      'InvalidSignature',
      'The url do not match the signature',
      'InvalidSignature',
    );
  }
  assertSafeObjectName(name);
  const response = await downloadObject(req, ctx, {
    claims: null,
    bucketId,
    name,
    publicOnly: false,
  });
  return {
    ...response,
    headers: { ...response.headers, expires: new Date(verified.exp * 1000).toUTCString() },
  };
}
