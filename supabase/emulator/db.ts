// The database adapter: PGlite (embedded, single connection) or a pg Pool, behind one interface.
// Both return dates, times and timestamps as Postgres prints them (strings) and int8 as numbers,
// so callers see the same values whichever engine runs underneath.
import { parse as pgliteParse, PGlite, protocol } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import type { Db, JwtClaims, QueryResult, RequestSettings, Tx } from './types';

/** The roles a verified JWT may switch to; anything else is refused before reaching SQL. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export class RoleNotAllowedError extends Error {
  constructor(readonly role: string) {
    super(`role "${role}" is not allowed`);
  }
}

const TEXT_TYPES = [1082, 1083, 1114, 1184, 1266]; // date, time, timestamp, timestamptz, timetz
const identity = (value: string): string => value;

// One statement sets the role, the claims and the role's statement timeout, the way PostgREST
// does (set_config('role') is SET LOCAL ROLE), saving round trips on every request. It also sets
// the emulator's pinned day (`app.clock`, '' = the real date), always, so no earlier value on a
// pooled connection can reach a request; PostgREST sets no such thing, and nothing a request
// sends (headers, query, body) reaches it. `app.now` (the pinned instant, '' = real) likewise.
const SET_ROLE_SQL =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), " +
  "set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true), " +
  "set_config('statement_timeout', $4, true), set_config('app.clock', $5, true), " +
  "set_config('app.now', $6, true)";

/**
 * Supabase's role timeouts (anon 3 s, authenticated 8 s; service_role has none of its own and
 * gets the authenticator's 8 s). PostgreSQL cancels a statement past it with 57014; PGlite never
 * fires it, so rest/limits.ts bounds what a request may ask for instead.
 */
export const STATEMENT_TIMEOUTS: Record<string, string> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '8s',
};

function roleParams(claims: JwtClaims, clock: string | null, now: string | null): string[] {
  if (!API_ROLES.has(claims.role)) throw new RoleNotAllowedError(claims.role);
  return [
    claims.role,
    JSON.stringify(claims),
    typeof claims.sub === 'string' ? claims.sub : '',
    STATEMENT_TIMEOUTS[claims.role] ?? '8s',
    clock ?? '',
    now ?? '',
  ];
}

// PostgREST's per-request settings, and its search path (the exposed schema, then config.toml's
// extra_search_path). transaction_read_only may be switched on after the first statement.
const REQUEST_SQL =
  'select set_config(\'search_path\', \'"public", "extensions"\', true), ' +
  "set_config('request.method', $1, true), set_config('request.path', $2, true), " +
  "set_config('request.headers', $3, true), set_config('request.cookies', $4, true), " +
  "set_config('transaction_read_only', $5, true)";

function requestParams(request: RequestSettings): string[] {
  const cookies: Record<string, string> = {};
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return [
    request.method,
    request.path,
    JSON.stringify(request.headers),
    JSON.stringify(cookies),
    request.readOnly ? 'on' : 'off',
  ];
}

type Parsers = Record<number, (value: string, typeId?: number) => unknown>;
const TEXT_OID = 25;
/**
 * Distinct statement texts kept prepared (the site and the admin use about a hundred). Past it the
 * least recently used one is closed: each prepared statement holds ~20 KB of parse tree and plan,
 * and without the cap 32,000 distinct requests grew the process from 420 MB to 1.12 GB.
 */
export const MAX_PREPARED_STATEMENTS = 250;

function pgliteParsers(): Parsers {
  const parsers: Parsers = { 20: Number };
  for (const oid of TEXT_TYPES) parsers[oid] = identity;
  return parsers;
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; affectedRows?: number; fields: QueryResult['fields'] }>;
}

function pgliteTx(conn: PgliteLike): Tx {
  return {
    async query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = await conn.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    },
  };
}

export class PgliteDb implements Db {
  /** SQL text → name of its prepared statement on PGlite's one connection, least recent first. */
  private readonly prepared = new Map<string, string>();
  private preparedCount = 0;
  clock: string | null = null;
  now: string | null = null;

  private constructor(
    readonly pglite: PGlite,
    private readonly parsers: Parsers,
  ) {}

  /** dataDir undefined = in memory; loadDataDir restores a dump made by dumpDataDir(). */
  static async open(
    options: { dataDir?: string; loadDataDir?: Blob; clock?: string | null } = {},
  ): Promise<PgliteDb> {
    const parsers = pgliteParsers();
    const pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pgcrypto },
      parsers,
      relaxedDurability: true,
    });
    // parseResults() needs the defaults too (json, bool, int4 ...), which PGlite keeps per instance.
    const db = new PgliteDb(pglite, { ...pglite.parsers, ...parsers });
    db.clock = options.clock ?? null;
    return db;
  }

  async query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<QueryResult<Row>> {
    return pgliteTx(this.pglite).query<Row>(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.pglite.exec(sql);
  }

  // PGlite's transaction() holds its transaction mutex, and query() waits on the same mutex,
  // so transactions on the single connection never interleave.
  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => fn(pgliteTx(tx)));
  }

  async asRole<T>(
    claims: JwtClaims,
    fn: (tx: Tx) => Promise<T>,
    request?: RequestSettings,
  ): Promise<T> {
    const params = roleParams(claims, this.clock, this.now);
    return this.pglite.transaction(async (tx) => {
      await tx.query(SET_ROLE_SQL, params);
      if (request) await tx.query(REQUEST_SQL, requestParams(request));
      return fn(pgliteTx(tx));
    });
  }

  /**
   * One statement in its own transaction under the claims' role, sent to PGlite as ONE pipelined
   * protocol message (role and claims, the statement, sync) instead of ~14 round trips through
   * asRole() and query(). Values stay bound parameters, all typed text (the SQL casts them).
   */
  async queryAsRole<Row = Record<string, unknown>>(
    claims: JwtClaims,
    sql: string,
    params: (string | null)[],
    request?: RequestSettings,
  ): Promise<QueryResult<Row>> {
    const role = roleParams(claims, this.clock, this.now);
    const { serialize } = protocol;
    const parsed: [string, string][] = [];
    // Statements are prepared once under a name and then only bound and executed, so Postgres
    // skips parsing and reuses its plan (it replans by itself when the role or schema changes).
    const step = (text: string, values: (string | null)[] = []): Uint8Array[] => {
      let name = this.prepared.get(text);
      const parts: Uint8Array[] = [];
      if (name) {
        // Map order is the LRU order: a statement used now moves to the end.
        this.prepared.delete(text);
        this.prepared.set(text, name);
      } else {
        name = `emulator_${this.preparedCount++}`;
        parts.push(serialize.parse({ name, text, types: values.map(() => TEXT_OID) }));
        parsed.push([text, name]);
      }
      parts.push(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      );
      return parts;
    };
    // The role and claims, the request's settings when given, then the statement: the
    // statement's result is the last one.
    const steps = [
      ...step(SET_ROLE_SQL, role),
      ...(request ? step(REQUEST_SQL, requestParams(request)) : []),
      ...step(sql, params),
    ];
    // Room for the new statements: the least recently used ones are closed (Close is the
    // protocol's DEALLOCATE) at the head of this message. Postgres skips everything after an
    // error up to Sync, but a close sent before it still happens (prepared statements are not
    // transactional). The statements this message uses were just moved to the end.
    const closing: Uint8Array[] = [];
    for (const [text, name] of this.prepared) {
      if (this.prepared.size + parsed.length <= MAX_PREPARED_STATEMENTS) break;
      this.prepared.delete(text);
      closing.push(serialize.close({ type: 'S', name }));
    }
    // No begin/commit: everything up to Sync runs as ONE implicit transaction (the extended
    // protocol's rule), so the role and claims set here end with it, and an error rolls it back.
    const message = concatBytes([...closing, ...steps, serialize.sync()]);
    const pglite = this.pglite;
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let messages: Awaited<ReturnType<PGlite['execProtocol']>>['messages'];
        try {
          ({ messages } = await pglite.execProtocol(message));
        } catch (err) {
          // Which of this message's new statements were parsed before the error is unknown:
          // close them all (closing one that does not exist is not an error).
          if (parsed.length > 0) {
            const close = parsed.map(([, name]) => serialize.close({ type: 'S', name }));
            await pglite.execProtocol(concatBytes([...close, serialize.sync()])).catch(() => null);
          }
          throw err;
        }
        for (const [text, name] of parsed) this.prepared.set(text, name);
        const result = pgliteParse.parseResults(messages, this.parsers)[request ? 2 : 1];
        if (!result) throw new Error('the pipelined statement returned no result');
        return {
          rows: result.rows as Row[],
          affectedRows: result.affectedRows,
          fields: result.fields,
        };
      }),
    );
  }

  async dumpDataDir(): Promise<Blob> {
    return this.pglite.dumpDataDir('gzip');
  }

  async close(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

function pgTypes(): {
  getTypeParser: (oid: number, format?: string) => (value: string) => unknown;
} {
  return {
    getTypeParser(oid: number, format?: string) {
      if (TEXT_TYPES.includes(oid)) return identity;
      if (oid === 20) return Number;
      // pg's own parsers for everything else (json, bool, int4, arrays ...).
      return pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text');
    },
  };
}

export class PostgresDb implements Db {
  clock: string | null = null;
  now: string | null = null;

  private constructor(readonly pool: pg.Pool) {}

  static async open(
    connectionString: string,
    max = 10,
    clock: string | null = null,
  ): Promise<PostgresDb> {
    const pool = new pg.Pool({ connectionString, max, types: pgTypes() });
    // A failing idle client must not crash the process; the next checkout reconnects.
    pool.on('error', () => undefined);
    const client = await pool.connect();
    client.release();
    const db = new PostgresDb(pool);
    db.clock = clock;
    return db;
  }

  async query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<QueryResult<Row>> {
    const result = await this.pool.query(sql, params);
    return toResult<Row>(result);
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const tx: Tx = {
        async query<Row>(sql: string, params?: unknown[]) {
          return toResult<Row>(await client.query(sql, params));
        },
      };
      const value = await fn(tx);
      await client.query('commit');
      return value;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async asRole<T>(
    claims: JwtClaims,
    fn: (tx: Tx) => Promise<T>,
    request?: RequestSettings,
  ): Promise<T> {
    const params = roleParams(claims, this.clock, this.now);
    return this.transaction(async (tx) => {
      await tx.query(SET_ROLE_SQL, params);
      if (request) await tx.query(REQUEST_SQL, requestParams(request));
      return fn(tx);
    });
  }

  async queryAsRole<Row = Record<string, unknown>>(
    claims: JwtClaims,
    sql: string,
    params: (string | null)[],
    request?: RequestSettings,
  ): Promise<QueryResult<Row>> {
    return this.asRole(claims, (tx) => tx.query<Row>(sql, params), request);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function toResult<Row>(result: pg.QueryResult): QueryResult<Row> {
  return {
    rows: result.rows as Row[],
    affectedRows: result.rowCount ?? 0,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

export type AnyDb = PgliteDb | PostgresDb;

export async function openDb(options: {
  dbUrl?: string | null;
  dataDir?: string;
  loadDataDir?: Blob;
  /** The pinned day (see Db.clock); null or absent = the real date. */
  clock?: string | null;
}): Promise<AnyDb> {
  const clock = options.clock ?? null;
  if (options.dbUrl) return PostgresDb.open(options.dbUrl, undefined, clock);
  return PgliteDb.open({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, clock });
}
