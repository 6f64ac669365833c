// DELETE /object/<bucket> with {"prefixes":[...]} answers the deleted rows; DELETE
// /object/<bucket>/<name> answers a message. Deletes run as the caller: rows RLS hides are
// simply not deleted, as in Postgres. Bytes go once the rows are gone.
import type { ApiContext, ApiRequest, ApiResponse, JwtClaims } from '../types';
import { StorageErrors, fromDatabaseError } from './errors';
import { removeObjectFile } from './object-files';
import { type ObjectRow, OBJECT_COLUMNS, json, parseJsonBody, renderObject } from './rows';

async function deleteRows(ctx: ApiContext, claims: JwtClaims, bucketId: string, names: string[]) {
  let deleted: ObjectRow[];
  try {
    deleted = await ctx.db.asRole(claims, async (tx) => {
      const result = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucketId, names],
      );
      return result.rows;
    });
  } catch (err) {
    throw fromDatabaseError(err) ?? err;
  }
  for (const row of deleted) {
    if (row.version)
      await removeObjectFile(ctx, bucketId, row.name, row.version).catch(() => undefined);
  }
  return deleted;
}

export async function removeObjects(
  req: ApiRequest,
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
): Promise<ApiResponse> {
  const body = parseJsonBody(req);
  const prefixes =
    typeof body === 'object' && body !== null && 'prefixes' in body ? body.prefixes : undefined;
  const names =
    Array.isArray(prefixes) && prefixes.every((name): name is string => typeof name === 'string')
      ? prefixes
      : [];
  if (names.length === 0)
    throw StorageErrors.invalidRequest("body must have required property 'prefixes'");
  if (names.length > 1000)
    throw StorageErrors.invalidRequest('body/prefixes must NOT have more than 1000 items');
  const deleted = await deleteRows(ctx, claims, bucketId, names);
  return json(200, deleted.map(renderObject));
}

export async function removeObject(
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
): Promise<ApiResponse> {
  const deleted = await deleteRows(ctx, claims, bucketId, [name]);
  if (deleted.length === 0) throw StorageErrors.objectNotFound();
  return json(200, { message: 'Successfully deleted' });
}
