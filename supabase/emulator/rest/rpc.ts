// PostgREST's functions API at /rest/v1/rpc/<fn>: POST with named arguments in a JSON object (or
// the whole body for a single unnamed json/jsonb parameter), GET and HEAD with them in the query
// string. The overload is chosen by argument names, every value is a bound parameter, and a set of
// rows takes the table API's select, filters, order, limit/offset and count. Stable and immutable
// functions, and every GET or HEAD, run in a read-only transaction, as the JWT's role.
import type { ApiContext, ApiRequest, ApiResponse, JwtClaims } from '../types';
import { fromPgError, isPgError, restError } from './errors';
import { cappedLimit } from './limits';
import {
  checkProfile,
  contentRange,
  JSON_TYPE,
  notSingle,
  OBJECT_TYPE,
  parsePrefer,
  wantsObject,
} from './negotiate';
import { parseCondition, parseQuery, RESERVED } from './parse';
import type { RestQuery } from './query';
import { requestSettings } from './request-settings';
import { getRoutines, type Routine, type RoutineCatalog } from './routines';
import { Builder, envelope, ident, type ResultRow } from './sql';

const CALL = 'pgrst_call';
const SCALAR = 'pgrst_scalar';

/** Named arguments (from a JSON object or the query string), or the whole body for one json parameter. */
type Args = { kind: 'named'; values: Map<string, unknown> } | { kind: 'body'; json: string };

function functionName(req: ApiRequest): string {
  const segments = req.path.split('/').filter(Boolean);
  if (segments.length !== 2)
    throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  try {
    return decodeURIComponent(segments[1] ?? '');
  } catch {
    throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

/**
 * Splits the query string like PostgREST does for a function read: a parameter whose value parses
 * as a filter (`eq.5`) filters the result; any other is an argument.
 */
function splitQueryString(search: URLSearchParams): {
  args: Map<string, string>;
  rest: URLSearchParams;
} {
  const args = new Map<string, string>();
  const rest = new URLSearchParams();
  for (const [key, value] of search) {
    if (!RESERVED.has(key) && !/^(not\.)?(and|or)$/.test(key)) {
      try {
        parseCondition(key, value);
      } catch {
        args.set(key, value);
        continue;
      }
    }
    rest.append(key, value);
  }
  return { args, rest };
}

function bodyArgs(req: ApiRequest): { args: Args; keys: string[] } {
  const text = req.body.toString('utf8').trim();
  if (text === '') return { args: { kind: 'named', values: new Map() }, keys: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw restError(400, 'PGRST102', 'Empty or invalid json');
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return {
      args: { kind: 'named', values: new Map(Object.entries(value)) },
      keys: Object.keys(value),
    };
  }
  return { args: { kind: 'body', json: text }, keys: [] };
}

function matchesKeys(routine: Routine, keys: Set<string>): boolean {
  if (routine.params.length === 0) return keys.size === 0;
  const names = new Set(routine.params.map((p) => p.name));
  if ([...keys].some((key) => !names.has(key))) return false;
  return routine.params.every((p) => !p.required || keys.has(p.name));
}

function singleUnnamedJson(routine: Routine): boolean {
  const [only] = routine.params;
  return (
    routine.params.length === 1 &&
    only?.name === '' &&
    (only.type === 'json' || only.type === 'jsonb')
  );
}

/** Levenshtein similarity in [0, 1], the measure PostgREST's fuzzy hints rank by. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0] ?? 0;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] ?? 0) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return 1 - (previous[b.length] ?? 0) / Math.max(a.length, b.length, 1);
}

function closest(candidates: string[], wanted: string, minimum: number): string | null {
  let best: string | null = null;
  let bestScore = minimum;
  for (const candidate of candidates) {
    const score = similarity(candidate.toLowerCase(), wanted.toLowerCase());
    if (score >= bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

function noRpc(catalog: RoutineCatalog, name: string, keys: string[], isPost: boolean) {
  const sorted = [...keys].sort();
  const func = `public.${name}`;
  const listed = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const searched =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  const overloads = catalog.get(name) ?? [];
  const signature = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const suggestion =
    overloads.length === 0
      ? closest([...catalog.keys()], name, 0.75)
      : (() => {
          const match = closest(
            overloads.map((r) => signature(r.params.map((p) => p.name))),
            signature(keys),
            0.33,
          );
          return match === null ? null : `${name}${match}`;
        })();
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${func}${listed} in the schema cache`,
    `Searched for the function ${func}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    suggestion === null ? null : `Perhaps you meant to call the function public.${suggestion}`,
  );
}

function chooseRoutine(
  catalog: RoutineCatalog,
  name: string,
  keys: string[],
  isPost: boolean,
  bodyIsObject: boolean,
): Routine {
  const overloads = catalog.get(name) ?? [];
  const keySet = new Set(keys);
  const named = bodyIsObject ? overloads.filter((r) => matchesKeys(r, keySet)) : [];
  const fallback = isPost ? overloads.filter(singleUnnamedJson) : [];
  const candidates = named.length > 0 ? named : fallback;
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  if (candidates.length === 0) throw noRpc(catalog, name, keys, isPost);
  throw restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates
      .map((r) => `public.${name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** The call as a FROM item named pgrst_call: rows of columns, or one pgrst_scalar column. */
function asSource(routine: Routine, call: string): string {
  return routine.returns.kind === 'composite'
    ? `${call} ${CALL}`
    : `(select ${call} as ${SCALAR}) ${CALL}`;
}

/** `from ... pgrst_call` for the routine, its arguments bound on `b`. */
function callSource(b: Builder, routine: Routine, args: Args): string {
  const fn = `"public".${ident(routine.name)}`;
  const wrap = (call: string) => asSource(routine, call);
  if (args.kind === 'body')
    return wrap(`${fn}(${b.bind(args.json)}::json::${routine.params[0]?.type ?? 'json'})`);
  const given = routine.params.filter((p) => args.values.has(p.name));
  if (given.length === 0) return wrap(`${fn}()`);
  // The arguments travel as one json value, which json_to_record turns into typed columns.
  const record = Object.fromEntries(given.map((p) => [p.name, args.values.get(p.name)]));
  const columns = given.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  const named = given
    .map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`)
    .join(', ');
  const call = wrap(`${fn}(${named})`);
  return `json_to_record(${b.bind(JSON.stringify(record))}::json) as pgrst_body(${columns}), lateral ${call}`;
}

/** Query-string arguments are text cast to each parameter's type, as PostgREST binds them. */
function textCallSource(b: Builder, routine: Routine, values: Map<string, string>): string {
  const fn = `"public".${ident(routine.name)}`;
  const named = routine.params
    .filter((p) => values.has(p.name))
    .map(
      (p) =>
        `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := ${b.bind(values.get(p.name) ?? '', p.type)}`,
    )
    .join(', ');
  return asSource(routine, `${fn}(${named})`);
}

function buildCall(
  routine: Routine,
  query: RestQuery,
  source: (b: Builder) => string,
  options: { single: boolean; count: boolean },
): { text: string; params: string[] } {
  const returns = routine.returns;
  const columns = returns.kind === 'composite' ? returns.columns : new Map([[SCALAR, 'unknown']]);
  const b = new Builder({ name: CALL, columns, primaryKey: [] }, CALL);
  const from = source(b);
  if (returns.kind !== 'composite' || !routine.returnsSet) {
    const value = returns.kind === 'composite' ? '_t' : `_t.${SCALAR}`;
    const body =
      returns.kind === 'void'
        ? "''"
        : routine.returnsSet && !options.single
          ? `coalesce(json_agg(${value}), '[]')::text`
          : `coalesce((json_agg(${value}) -> 0)::text, 'null')`;
    if (routine.returnsSet && returns.kind === 'scalar') {
      // A set of values has no columns to filter or order by, but its range and max_rows hold.
      let page = `select ${CALL}.* from pgrst_source ${CALL}`;
      if (query.limit !== null) page += ` limit ${b.bind(String(query.limit), 'bigint')}`;
      if (query.offset) page += ` offset ${b.bind(String(query.offset), 'bigint')}`;
      const count = options.count ? '(select count(*) from pgrst_source)::int' : 'null::int';
      return {
        text: `with pgrst_source as (select ${CALL}.* from ${from}) select ${count} as total, count(_t)::int as page_total, ${body} as body from (${page}) _t`,
        params: b.params,
      };
    }
    // One value or one row: filters, order and ranges have nothing to work on.
    const count = options.count ? 'count(_t)::int' : 'null::int';
    return {
      text: `select ${count} as total, count(_t)::int as page_total, ${body} as body from (select ${CALL}.* from ${from}) _t`,
      params: b.params,
    };
  }
  const where = b.where(query.filters);
  const select = b.selectList(query.select, CALL);
  const order = query.order
    .map(
      (o) =>
        `${b.column(o.column)} ${o.descending ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
    )
    .join(', ');
  // The call runs once (a CTE used twice is materialised): the count and the page read its rows.
  let page = `select ${select} from pgrst_source ${CALL}${order ? ` order by ${order}` : ''}`;
  if (query.limit !== null) page += ` limit ${b.bind(String(query.limit), 'bigint')}`;
  if (query.offset) page += ` offset ${b.bind(String(query.offset), 'bigint')}`;
  const count = options.count ? '(select count(*) from pgrst_source)::int' : 'null::int';
  return {
    text: `with pgrst_source as (select ${CALL}.* from ${from}${where}) ${envelope(page, options.single, count)}`,
    params: b.params,
  };
}

export async function handleRpc(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
    throw restError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  }
  checkProfile(req);
  const name = functionName(req);
  const isPost = req.method === 'POST';
  const single = wantsObject(req.headers.accept);
  const prefer = parsePrefer(req.headers.prefer);
  const catalog = await getRoutines(ctx.db);

  let routine: Routine;
  let query: RestQuery;
  let source: (b: Builder) => string;
  if (isPost) {
    const { args, keys } = bodyArgs(req);
    query = cappedLimit(parseQuery(req.url.searchParams), ctx.config.maxRows);
    routine = chooseRoutine(catalog, name, keys, true, args.kind === 'named');
    // A named call of a single-json-parameter function falls back to passing the whole body.
    const call: Args =
      args.kind === 'named' && singleUnnamedJson(routine) && !matchesKeys(routine, new Set(keys))
        ? { kind: 'body', json: req.body.toString('utf8') }
        : args;
    source = (b) => callSource(b, routine, call);
  } else {
    const { args, rest } = splitQueryString(req.url.searchParams);
    query = cappedLimit(parseQuery(rest), ctx.config.maxRows);
    routine = chooseRoutine(catalog, name, [...args.keys()], false, true);
    source = (b) => textCallSource(b, routine, args);
  }

  const statement = buildCall(routine, query, source, { single, count: prefer.count });
  const claims: JwtClaims = req.claims ?? { role: 'anon' };
  const readOnly = !isPost || routine.volatility !== 'volatile';
  let result: ResultRow | undefined;
  try {
    result = (
      await ctx.db.asRole(
        claims,
        (tx) => tx.query<ResultRow>(statement.text, statement.params),
        requestSettings(req, readOnly),
      )
    ).rows[0];
  } catch (err) {
    // PTnnn (`raise sqlstate 'PT402'`) answers its own status, as everywhere in the REST API.
    if (isPgError(err)) throw fromPgError(err, claims.role === 'anon');
    throw err;
  }
  if (!result) throw new Error('the call returned no result row');

  const head = req.method === 'HEAD';
  const lower = query.offset;
  const total = result.total;
  const upper = lower + result.page_total - 1;
  const range = contentRange(lower, head ? lower - 1 : upper, total);
  if (routine.returns.kind === 'void') return { status: 204, headers: { 'content-range': range } };
  if (!head && single && result.page_total !== 1) throw notSingle(result.page_total);
  const partial = !head && total !== null && result.page_total < total;
  return {
    status: partial ? 206 : 200,
    headers: {
      'content-type': single ? `${OBJECT_TYPE}; charset=utf-8` : JSON_TYPE,
      'content-range': range,
    },
    body: head ? null : result.body,
  };
}
