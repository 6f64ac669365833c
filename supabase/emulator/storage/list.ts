// POST /object/list/<bucket>: one folder level under a prefix, as storage.search() answers it.
// Folders are items with a null id and metadata. Rows are read as the caller, so RLS decides
// which objects exist for them.
import type { ApiContext, ApiRequest, ApiResponse, JwtClaims } from '../types';
import { StorageErrors, fromDatabaseError } from './errors';
import { type ObjectRow, isoTimestamp, json, parseJsonBody } from './rows';

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
type SortColumn = (typeof SORT_COLUMNS)[number];

interface ListRequest {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: SortColumn;
  ascending: boolean;
}

interface ListedItem {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectRow['metadata'];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readListRequest(body: unknown): ListRequest {
  if (!isRecord(body)) throw StorageErrors.invalidRequest('body must be object');
  const { prefix, search, limit, offset, sortBy } = body;
  if (typeof prefix !== 'string')
    throw StorageErrors.invalidRequest("body must have required property 'prefix'");
  if (search !== undefined && typeof search !== 'string')
    throw StorageErrors.invalidRequest('body/search must be string');
  if (limit !== undefined && !(Number.isInteger(limit) && Number(limit) >= 1))
    throw StorageErrors.invalidRequest('body/limit must be >= 1');
  if (offset !== undefined && !(Number.isInteger(offset) && Number(offset) >= 0))
    throw StorageErrors.invalidRequest('body/offset must be >= 0');
  let column: SortColumn = 'name';
  let ascending = true;
  if (sortBy !== undefined) {
    const chosen = isRecord(sortBy)
      ? SORT_COLUMNS.find((known) => known === sortBy.column)
      : undefined;
    if (!isRecord(sortBy) || !chosen)
      throw StorageErrors.invalidRequest(
        'body/sortBy/column must be equal to one of the allowed values',
      );
    column = chosen;
    if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc')
      throw StorageErrors.invalidRequest(
        'body/sortBy/order must be equal to one of the allowed values',
      );
    ascending = sortBy.order !== 'desc';
  }
  return {
    // storage-api treats the prefix as a folder.
    prefix: prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    search: typeof search === 'string' ? search : '',
    limit: Math.min(typeof limit === 'number' ? limit : 100, 1500),
    offset: typeof offset === 'number' ? offset : 0,
    column,
    ascending,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

// Postgres orders storage names with COLLATE "C" on lower(name): plain code-unit order.
const byName = (a: ListedItem, b: ListedItem) => {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
};

export async function listObjects(
  req: ApiRequest,
  ctx: ApiContext,
  claims: JwtClaims,
  bucketId: string,
): Promise<ApiResponse> {
  const request = readListRequest(parseJsonBody(req));
  let rows: ObjectRow[];
  try {
    rows = await ctx.db.asRole(claims, async (tx) => {
      const result = await tx.query<ObjectRow>(
        `select id, name, updated_at, created_at, last_accessed_at, metadata
           from storage.objects
          where bucket_id = $1 and lower(name) like $2 escape '\\'`,
        [bucketId, `${escapeLike((request.prefix + request.search).toLowerCase())}%`],
      );
      return result.rows;
    });
  } catch (err) {
    throw fromDatabaseError(err) ?? err;
  }

  const folders = new Map<string, ListedItem>();
  const files: ListedItem[] = [];
  for (const row of rows) {
    const relative = row.name.slice(request.prefix.length);
    const slash = relative.indexOf('/');
    if (slash >= 0) {
      const folder = relative.slice(0, slash);
      if (!folders.has(folder)) {
        folders.set(folder, {
          name: folder,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
      continue;
    }
    files.push({
      name: relative,
      id: row.id,
      updated_at: isoTimestamp(row.updated_at),
      created_at: isoTimestamp(row.created_at),
      last_accessed_at: isoTimestamp(row.last_accessed_at),
      metadata: row.metadata,
    });
  }

  const direction = request.ascending ? 1 : -1;
  let items: ListedItem[];
  if (request.column === 'name') {
    items = [...folders.values(), ...files].sort((a, b) => direction * byName(a, b));
  } else {
    // Folders (by name) first, then the files by the chosen column, as storage.search() does.
    const column = request.column;
    const sortedFolders = [...folders.values()].sort((a, b) => direction * byName(a, b));
    const sortedFiles = files.sort((a, b) => {
      const left = a[column] ?? '';
      const right = b[column] ?? '';
      return direction * (left < right ? -1 : left > right ? 1 : byName(a, b));
    });
    items = [...sortedFolders, ...sortedFiles];
  }
  return json(200, items.slice(request.offset, request.offset + request.limit));
}
