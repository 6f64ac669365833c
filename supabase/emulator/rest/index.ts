// PostgREST's table API at /rest/v1/<table>: GET, HEAD, POST, PATCH, DELETE. Each request runs in
// its own transaction as the JWT's role with its claims set, so the database's RLS decides.
import {
  type ApiContext,
  type ApiHandler,
  type ApiRequest,
  type ApiResponse,
  type Db,
  type JwtClaims,
  type Tx,
} from '../types';
import { getCatalog, type TableInfo } from './catalog';
import { fromPgError, isPgError, restError } from './errors';
import { cappedLimit } from './limits';
import {
  checkProfile,
  contentRange,
  JSON_TYPE,
  notSingle,
  OBJECT_TYPE,
  parseJsonBody,
  parsePrefer,
  wantsObject,
  type Prefer,
} from './negotiate';
import { parseQuery } from './parse';
import type { RestQuery } from './query';
import { requestSettings } from './request-settings';
import { handleRpc } from './rpc';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  type ResultRow,
  type Statement,
} from './sql';

function isRow(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function run(tx: Tx, statement: Statement): Promise<ResultRow> {
  const { rows } = await tx.query<ResultRow>(statement.text, statement.params);
  const row = rows[0];
  if (!row) throw new Error('the statement returned no result row');
  return row;
}

async function runMutation(tx: Tx, statement: Statement, returning: boolean): Promise<ResultRow> {
  if (returning) return run(tx, statement);
  const result = await tx.query(statement.text, statement.params);
  return { total: null, page_total: result.affectedRows ?? 0, body: '' };
}

interface Plan {
  table: TableInfo;
  query: RestQuery;
  single: boolean;
  prefer: Prefer;
}

async function read(req: ApiRequest, db: Db, claims: JwtClaims, plan: Plan): Promise<ApiResponse> {
  const head = req.method === 'HEAD';
  const statement = buildRead(plan.table, plan.query, {
    single: plan.single,
    count: plan.prefer.count,
    head,
  });
  const result = (
    await db.queryAsRole<ResultRow>(
      claims,
      statement.text,
      statement.params,
      requestSettings(req, true),
    )
  ).rows[0];
  if (!result) throw new Error('the statement returned no result row');
  const total = result.total;
  if (!head && plan.single && result.page_total !== 1) throw notSingle(result.page_total);
  const lower = plan.query.offset;
  if (total !== null && lower > total && lower > 0) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${lower} was requested, but there are only ${total} rows.`,
    );
  }
  const upper = head ? lower - 1 : lower + result.page_total - 1;
  const partial = !head && total !== null && result.page_total < total;
  return {
    status: partial ? 206 : 200,
    headers: {
      'content-type': plan.single ? `${OBJECT_TYPE}; charset=utf-8` : JSON_TYPE,
      'content-range': contentRange(lower, upper, total),
    },
    body: head ? null : result.body,
  };
}

async function write(req: ApiRequest, tx: Tx, plan: Plan): Promise<ApiResponse> {
  const returning = plan.prefer.return === 'representation';
  const base = { returning, single: plan.single, query: plan.query };
  let statement: Statement | null;
  if (req.method === 'POST') {
    const payload = parseJsonBody(req);
    const rows = Array.isArray(payload) ? payload : [payload];
    if (!rows.every(isRow)) throw restError(400, 'PGRST102', 'All object keys must match');
    let columns = plan.query.columns;
    if (!columns) {
      columns = Object.keys(rows[0] ?? {});
      const key = [...columns].sort().join('\u0000');
      if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== key)) {
        throw restError(400, 'PGRST102', 'All object keys must match');
      }
    }
    statement =
      rows.length === 0
        ? null
        : buildInsert(plan.table, rows, columns, { ...base, upsert: plan.prefer.resolution });
  } else if (req.method === 'PATCH') {
    const payload = parseJsonBody(req);
    if (!isRow(payload)) throw restError(400, 'PGRST102', 'Empty or invalid json');
    statement = Object.keys(payload).length === 0 ? null : buildUpdate(plan.table, payload, base);
  } else {
    statement = buildDelete(plan.table, base);
  }
  const result = statement
    ? await runMutation(tx, statement, returning)
    : { total: null, page_total: 0, body: '[]' };
  // A singular answer to a write that touched no row or several is refused, and rolled back.
  if (plan.single && result.page_total !== 1) throw notSingle(result.page_total);
  const count = plan.prefer.count ? result.page_total : null;
  // PostgREST's ranges: an update reports the rows it changed; inserts and deletes report none.
  const range =
    req.method === 'PATCH'
      ? contentRange(0, result.page_total - 1, count)
      : contentRange(1, 0, count);
  const headers: Record<string, string> = { 'content-range': range };
  if (!returning) return { status: req.method === 'POST' ? 201 : 204, headers };
  headers['content-type'] = plan.single ? `${OBJECT_TYPE}; charset=utf-8` : JSON_TYPE;
  return { status: req.method === 'POST' ? 201 : 200, headers, body: result.body };
}

function tableName(req: ApiRequest): string {
  const segments = req.path.split('/').filter(Boolean);
  if (segments.length !== 1) {
    throw restError(404, 'PGRST125', `Invalid path specified in request URL`);
  }
  try {
    return decodeURIComponent(segments[0] ?? '');
  } catch {
    throw restError(404, 'PGRST125', `Invalid path specified in request URL`);
  }
}

export const handleRest: ApiHandler = async (req: ApiRequest, ctx: ApiContext) => {
  if (req.authError) {
    const message = req.authError === 'expired' ? 'JWT expired' : 'JWSError JWSInvalidSignature';
    throw restError(401, 'PGRST301', message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
  if (req.path === '/rpc' || req.path.startsWith('/rpc/')) return handleRpc(req, ctx);
  if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(req.method)) {
    throw restError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  }
  checkProfile(req);
  const name = tableName(req);
  const single = wantsObject(req.headers.accept);
  const query = parseQuery(req.url.searchParams);
  const table = (await getCatalog(ctx.db)).get(name);
  if (!table)
    throw restError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
    );
  const isRead = ['GET', 'HEAD'].includes(req.method);
  const plan: Plan = {
    table,
    query: isRead ? cappedLimit(query, ctx.config.maxRows) : query,
    single,
    prefer: parsePrefer(req.headers.prefer),
  };
  const claims: JwtClaims = req.claims ?? { role: 'anon' };
  try {
    return isRead
      ? await read(req, ctx.db, claims, plan)
      : await ctx.db.asRole(claims, (tx) => write(req, tx, plan), requestSettings(req, false));
  } catch (err) {
    if (isPgError(err)) throw fromPgError(err, claims.role === 'anon');
    throw err;
  }
};
