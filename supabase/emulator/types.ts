import type { AuthEmailConfig, CaptchaConfig } from './project-config';

// The contract between the emulator's core (server, database, JWT) and each API it serves
// (rest/, auth/, storage/, local-services/). Each API exports one handler of type ApiHandler.

/** Verified JWT claims, as PostgREST puts them into `request.jwt.claims`. */
export interface JwtClaims {
  role: string; // 'anon' | 'authenticated' | 'service_role'
  sub?: string;
  email?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  session_id?: string;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  affectedRows?: number;
  fields?: { name: string; dataTypeID: number }[];
}

/**
 * What PostgREST puts into the transaction besides the role and claims: `request.method`,
 * `request.path`, `request.headers` (a JSON object, lower-case names) and `request.cookies`, which
 * functions and triggers read with current_setting(), and the access mode of the HTTP method.
 */
export interface RequestSettings {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  /** GET and HEAD, and RPC calls of stable or immutable functions, run read-only. */
  readOnly: boolean;
}

/** A connection inside one transaction. Every value is a bound parameter ($1, $2 ...). */
export interface Tx {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

/** PGlite or a pg Pool behind one interface. */
export interface Db extends Tx {
  /**
   * The day the database takes as today ('YYYY-MM-DD', London), or null for the real one. Every
   * request transaction carries it as `app.clock`, which only private.today() reads
   * (supabase/schemas/foundation.sql): tests pin the server's day as they pin the browser's. now()
   * stays real.
   */
  clock: string | null;
  /**
   * The instant the database takes as now (ISO 8601), or null for the real one: carried as
   * `app.now`, which only private.now() reads (supabase/schemas/foundation.sql), so tests of scheduled
   * work pin the minute. Set by the emulator's setNow() and runDueJobs(); now() stays real.
   */
  now: string | null;
  /** Runs a multi-statement script without parameters as the superuser (migrations, seed). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction as the superuser (platform work: auth users, storage rows). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn in a transaction under `SET LOCAL ROLE <claims.role>` with `request.jwt.claims`
   * (and `request.jwt.claim.sub`, `request.jwt.claim.role`) set, so Postgres RLS decides, and
   * with the request's settings when given.
   */
  asRole<T>(claims: JwtClaims, fn: (tx: Tx) => Promise<T>, request?: RequestSettings): Promise<T>;
  /** asRole for one statement whose parameters are all text: the fast path for reads. */
  queryAsRole<Row = Record<string, unknown>>(
    claims: JwtClaims,
    sql: string,
    params: (string | null)[],
    request?: RequestSettings,
  ): Promise<QueryResult<Row>>;
  close(): Promise<void>;
}

export interface EmulatorConfig {
  port: number;
  host: string;
  /** The URL clients use to reach the emulator, e.g. http://127.0.0.1:54321 */
  publicUrl: string;
  /** The SPA's origin, where the test-mode deposit page sends visitors back (/payment-success). */
  siteUrl: string;
  /** The database's day at start (ServerConfig.clock), which DELETE /local/clock puts back. */
  clock?: string | null;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Folder for stored object bytes and received webhook payloads. */
  dataDir: string;
  /** Mirrors supabase/config.toml [auth] enable_signup. */
  enableSignup: boolean;
  jwtExpirySeconds: number;
  maxBodyBytes: number;
  /** config.toml [auth] minimum_password_length: sign-up, PUT /user, the admin API and CLI. */
  minPasswordLength: number;
  /** config.toml [auth] refresh_token_reuse_interval, in seconds. */
  refreshTokenReuseSeconds: number;
  signInLimit: SignInLimit;
  /** config.toml [api] max_rows: the most rows one REST read answers, as PostgREST's db-max-rows. */
  maxRows: number;
  /** Requests in flight past which the gateway answers 429 (see gateway.ts). */
  inFlight: InFlightLimit;
  /** supabase/config.toml's auth email settings: redirects, expiry, limits, templates, sender. */
  authEmail: AuthEmailConfig;
  /** config.toml [auth.captcha]: a token before GoTrue sends an email or tries a password. */
  captcha: CaptchaConfig;
  functions: FunctionsConfig;
  /** The Bearer key of the mail catcher's email API (EMAIL_API_KEY in Edge Functions). */
  emailApiKey: string;
  /**
   * Requests a second the email API takes, across every caller (as Resend counts per team),
   * before it answers 429 rate_limit_exceeded (mail/rate-limit.ts). EMAIL_API_RATE_LIMIT.
   */
  emailApiRateLimit: number;
  /**
   * Tests only: take the client's address from the x-test-client-address header (gateway.ts), so
   * per-network limits can be tested from one machine. Never set from the environment.
   */
  trustTestClientAddress: boolean;
}

export interface InFlightLimit {
  total: number;
  perClient: number;
}

/** Failed password sign-ins allowed per client address and per email within the window. */
export interface SignInLimit {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

export interface FunctionsConfig {
  /** Where `<name>/index.ts` lives: supabase/functions, or a fixtures folder in tests. */
  dir: string;
  /** [functions.<name>] verify_jwt from config.toml (true when absent). */
  verifyJwt: Record<string, boolean>;
  /** Env for every function on top of the platform's: config.toml's secrets, then overrides. */
  secrets: Record<string, string>;
  /** SUPABASE_DB_URL for functions: the PostgreSQL the emulator uses, when it is one (not PGlite). */
  databaseUrl: string | null;
}

export interface ApiRequest {
  method: string;
  /** Path below the API prefix, e.g. '/sponsors' for /rest/v1/sponsors. */
  path: string;
  url: URL;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The raw body (already size-limited by the server). */
  body: Buffer;
  /**
   * Claims of the verified Authorization bearer (falls back to the apikey header), or null when
   * neither is present. An invalid or expired token never reaches here as claims: see authError.
   */
  claims: JwtClaims | null;
  /** Set when the bearer token was present but invalid or expired (each API answers in its own shape). */
  authError: 'invalid' | 'expired' | null;
  /** The raw bearer token, when any. */
  token: string | null;
  /** The client's address as the socket sees it (never a forwarded header). */
  clientIp?: string;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array | null;
}

export interface ApiContext {
  db: Db;
  config: EmulatorConfig;
  /** The emulator's log (the CLI's output); absent in tests. */
  log?: (line: string) => void;
}

export type ApiHandler = (req: ApiRequest, ctx: ApiContext) => Promise<ApiResponse>;

/** One error type carrying its HTTP status and the API-specific JSON body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}
