// A real PostgrestClient whose HTTP answers come from in-memory tables, so page tests exercise
// the data modules' actual requests (filters, order, range, count) without a server.
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database, TableName } from '../data/types';
import type { DbClient } from '../data/client';

type Rows = Record<string, unknown>[];
/** A table or a view: what `.from()` reads. */
type Source = TableName | keyof Database['public']['Views'];
type FunctionName = keyof Database['public']['Functions'];
/** Tables' and views' rows, and a function's answer (its rows; `.single()` gets the first) by its name. */
export type FakeTables = Partial<Record<Source | FunctionName, Rows>>;
export type FakeOptions = {
  /** Tables (or functions) whose reads answer with this HTTP status (e.g. 500). */
  failing?: Partial<Record<Source | FunctionName, number>>;
  /**
   * Tables whose requests the database refuses with this answer: PostgREST's error body, such as
   * private.refuse's { code: 'PT400', message, details: <the form's field> } with status 400.
   */
  refusing?: Partial<
    Record<Source | FunctionName, { status: number; error: Record<string, string> }>
  >;
  /** Tables (or functions) whose requests never answer (to see loading states). */
  hanging?: (Source | FunctionName)[];
  /** Milliseconds before each answer (to see in-between states such as 'Loading more...'). */
  delayMs?: number;
};
export type RecordedRequest = { method: string; table: string; url: URL; body: unknown };

function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '%' || char === '*') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}

function matches(row: Record<string, unknown>, column: string, filter: string): boolean {
  const value = row[column];
  const [op, ...rest] = filter.split('.');
  const operand = rest.join('.');
  switch (op) {
    case 'eq':
      return String(value) === operand;
    case 'ilike':
      return typeof value === 'string' && likeToRegExp(operand).test(value);
    case 'not':
      if (operand === 'is.null') return value !== null && value !== undefined;
      break;
    case 'is':
      if (operand === 'null') return value === null || value === undefined;
      break;
  }
  // A filter this fake cannot apply must fail the test, not match every row: otherwise a page
  // test cannot notice that the page filters wrongly.
  throw new Error(`fakeDb does not understand the filter ${column}=${filter}`);
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset']);

/**
 * What the layout reads for every page (the settings, the current edition, the places, the total
 * raised) as `hanging`: the page keeps the seed's facts, as when it is first drawn.
 */
export const SITE_FACTS: (Source | FunctionName)[] = [
  'site_settings',
  'editions',
  'rally_places',
  'funds_raised_to_date',
];

export function fakeDb(tables: FakeTables, options: FakeOptions = {}) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const table = url.pathname.split('/').pop() as Source | FunctionName;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, table, url, body });
    if (options.hanging?.includes(table)) return new Promise<Response>(() => {});
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const status = options.failing?.[table];
    if (status) return new Response(JSON.stringify({ message: 'failed on purpose' }), { status });
    const refusal = options.refusing?.[table];
    if (refusal) return new Response(JSON.stringify(refusal.error), { status: refusal.status });
    // A function's call (POST /rpc/<name>) answers its rows like a read.
    if (method === 'POST' && !url.pathname.includes('/rpc/')) {
      const rows = (tables[table] ??= []);
      rows.push(...(Array.isArray(body) ? body : [body]));
      return new Response(null, { status: 201 });
    }
    let rows = [...(tables[table] ?? [])];
    for (const [key, filter] of url.searchParams) {
      if (!RESERVED.has(key)) rows = rows.filter((row) => matches(row, key, filter));
    }
    const order = url.searchParams.get('order');
    if (order) {
      const keys = order.split(',').map((part) => part.split('.'));
      rows.sort((a, b) => {
        for (const [column = '', direction] of keys) {
          const x = String(a[column] ?? '');
          const y = String(b[column] ?? '');
          const numeric = typeof a[column] === 'number' && typeof b[column] === 'number';
          const diff = numeric ? Number(a[column]) - Number(b[column]) : x.localeCompare(y);
          if (diff !== 0) return direction === 'desc' ? -diff : diff;
        }
        return 0;
      });
    }
    const total = rows.length;
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = url.searchParams.get('limit');
    rows = rows.slice(offset, limit === null ? undefined : offset + Number(limit));
    const select = url.searchParams.get('select');
    if (select && select !== '*') {
      const columns = select.split(',');
      rows = rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
    }
    const headers = new Headers({ 'Content-Type': 'application/json' });
    headers.set(
      'Content-Range',
      `${rows.length ? `${offset}-${offset + rows.length - 1}` : '*'}/${total}`,
    );
    const accept = new Headers(init?.headers).get('Accept');
    if (accept === 'application/vnd.pgrst.object+json') {
      if (rows.length !== 1)
        return new Response(JSON.stringify({ code: 'PGRST116', message: 'not one row' }), {
          status: 406,
        });
      return new Response(JSON.stringify(rows[0]), { status: 200, headers });
    }
    return new Response(JSON.stringify(rows), { status: 200, headers });
  };
  const db: DbClient = new PostgrestClient<Database>('http://fake.test/rest/v1', { fetch });
  return { db, requests };
}
