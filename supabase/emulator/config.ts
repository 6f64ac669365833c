// The emulator's configuration, in one place: environment variables (with .env.example's local
// defaults, so a fresh clone needs no .env), then CLI flags or programmatic overrides on top.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signJwt } from './jwt';
import { readProjectConfig, type AuthEmailConfig, type CaptchaConfig } from './project-config';
import type { EmulatorConfig, InFlightLimit, SignInLimit } from './types';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The Supabase CLI's demo keys never expire before 2032 (their `exp` claim). */
const DEMO_KEY_EXPIRY = 1983812996;

/**
 * Requests a second the local email API takes before it answers 429 (EMAIL_API_RATE_LIMIT):
 * Resend's default, 2 a second per team (https://resend.com/docs/api-reference/rate-limit).
 */
export const EMAIL_API_RATE_LIMIT = 2;

/**
 * The rate the test harnesses (contract, e2e) and the benches set for now: today's senders make
 * one request per email and do not retry a 429, so Resend's 2 a second would fail them. The
 * outbox's sender (issue 34) retries within Resend's limit; then they take EMAIL_API_RATE_LIMIT
 * back and this goes.
 */
export const EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES = 1000;

/** Everything the core needs beyond the per-API EmulatorConfig. */
export interface ServerConfig extends EmulatorConfig {
  /** A real Postgres instead of PGlite. */
  dbUrl: string | null;
  /** false = PGlite in memory (tests); dataDir then is a throw-away folder for stored bytes. */
  persistent: boolean;
  adminEmail: string;
  adminPassword: string;
  /** The database's pinned day ('YYYY-MM-DD', see Db.clock); null = the real date. */
  clock: string | null;
}

export interface ConfigOverrides {
  port?: number;
  host?: string;
  dataDir?: string | null;
  dbUrl?: string | null;
  siteUrl?: string;
  jwtSecret?: string;
  enableSignup?: boolean;
  maxBodyBytes?: number;
  jwtExpirySeconds?: number;
  minPasswordLength?: number;
  refreshTokenReuseSeconds?: number;
  signInLimit?: Partial<SignInLimit>;
  maxRows?: number;
  inFlight?: Partial<InFlightLimit>;
  /** Edge Functions folder (default supabase/functions). */
  functionsDir?: string;
  /** Extra env for every Edge Function (tests), over supabase/functions/.env. */
  functionSecrets?: Record<string, string>;
  /** Per-function verify_jwt over config.toml's. */
  verifyJwt?: Record<string, boolean>;
  /** Auth email settings over config.toml's (tests: limits, expiry). */
  authEmail?: Partial<AuthEmailConfig>;
  /** [auth.captcha] over config.toml's (tests: captcha on). */
  captcha?: Partial<CaptchaConfig>;
  /**
   * The day the database takes as today (SUPABASE_CLOCK): a date, or a date-time whose London
   * date is taken; null = the real date. Tests and the e2e servers pin it inside the rally's
   * registration window, as they pin the browser's clock.
   */
  clock?: string | null;
  /** Tests only (see EmulatorConfig.trustTestClientAddress); no variable or flag sets it. */
  trustTestClientAddress?: boolean;
  /** Requests a second the email API takes (EMAIL_API_RATE_LIMIT; default Resend's 2). */
  emailApiRateLimit?: number;
}

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * '2026-03-01' → '2026-03-01'; '2026-06-30T23:30:00Z' → '2026-07-01' (the day in London, where
 * the rally's dates are; a date-time needs its offset). Anything else is refused, so a typo never
 * silently means another day or the real date.
 */
export function clockDay(value: string): string {
  const text = value.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const time = dateOnly || dateTime ? Date.parse(dateOnly ? `${text}T00:00:00Z` : text) : NaN;
  const day = Number.isNaN(time) ? null : dateOnly ? text : LONDON_DAY.format(time);
  // Date.parse rolls 2026-02-30 over to 2 March: a real calendar date prints back the same.
  if (!day || (dateOnly && new Date(time).toISOString().slice(0, 10) !== text))
    throw new Error(`Invalid clock (SUPABASE_CLOCK): "${value}"; use a date such as 2026-03-01`);
  return day;
}

export function demoKey(role: 'anon' | 'service_role', secret: string): string {
  // Same claims and claim order as the CLI's keys, so with the demo secret these ARE those keys.
  return signJwt({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXPIRY }, secret);
}

export function loadConfig(overrides: ConfigOverrides = {}, env: Env = process.env): ServerConfig {
  const port = overrides.port ?? Number(envValue(env, 'SUPABASE_PORT') ?? 54321);
  const host = overrides.host ?? envValue(env, 'SUPABASE_HOST') ?? '127.0.0.1';
  const jwtSecret = overrides.jwtSecret ?? envValue(env, 'SUPABASE_JWT_SECRET') ?? DEMO_JWT_SECRET;
  const dataDirSetting =
    overrides.dataDir === undefined
      ? (envValue(env, 'SUPABASE_DATA_DIR') ?? '.data')
      : overrides.dataDir;
  const dbUrl =
    overrides.dbUrl === undefined ? (envValue(env, 'SUPABASE_DB_URL') ?? null) : overrides.dbUrl;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${port}`);
  if (jwtSecret.length < 32)
    throw new Error('SUPABASE_JWT_SECRET must be at least 32 characters long');
  const clockSetting =
    overrides.clock === undefined ? (envValue(env, 'SUPABASE_CLOCK') ?? null) : overrides.clock;
  const emailApiRateLimit =
    overrides.emailApiRateLimit ??
    Number(envValue(env, 'EMAIL_API_RATE_LIMIT') ?? EMAIL_API_RATE_LIMIT);
  if (!Number.isInteger(emailApiRateLimit) || emailApiRateLimit < 1)
    throw new Error(
      `Invalid EMAIL_API_RATE_LIMIT: ${emailApiRateLimit}; use a whole number of requests a second, such as 2`,
    );
  const project = readProjectConfig(PROJECT_ROOT);
  const auth = project.auth;
  return {
    port,
    host,
    publicUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    siteUrl: (overrides.siteUrl ?? envValue(env, 'SITE_URL') ?? 'http://localhost:5173').replace(
      /\/+$/,
      '',
    ),
    jwtSecret,
    anonKey: demoKey('anon', jwtSecret),
    serviceRoleKey: demoKey('service_role', jwtSecret),
    dataDir: dataDirSetting === null ? '' : path.resolve(PROJECT_ROOT, dataDirSetting),
    persistent: dataDirSetting !== null,
    dbUrl,
    enableSignup: overrides.enableSignup ?? auth.enableSignup,
    jwtExpirySeconds: overrides.jwtExpirySeconds ?? 3600,
    minPasswordLength: overrides.minPasswordLength ?? auth.minPasswordLength,
    refreshTokenReuseSeconds: overrides.refreshTokenReuseSeconds ?? auth.refreshTokenReuseSeconds,
    signInLimit: {
      // The CLI's sign_in_sign_ups counts per IP in 5 minutes.
      perIp: auth.signInsPerIp,
      perEmail: 10,
      windowSeconds: 300,
      ...overrides.signInLimit,
    },
    maxRows: overrides.maxRows ?? project.maxRows,
    // Far above what the site (a few requests per page) and the e2e suite open at once.
    inFlight: { total: 128, perClient: 32, ...overrides.inFlight },
    // The ceiling of any body: the media bucket's 50 MiB limit plus multipart framing. Each API
    // has a smaller limit of its own (gateway.ts); Storage uses the bucket's limit.
    maxBodyBytes: overrides.maxBodyBytes ?? 52 * 1024 * 1024,
    authEmail: { ...project.authEmail, ...overrides.authEmail },
    captcha: { ...auth.captcha, ...overrides.captcha },
    functions: {
      dir: path.resolve(PROJECT_ROOT, overrides.functionsDir ?? 'supabase/functions'),
      verifyJwt: { ...project.functions.verifyJwt, ...overrides.verifyJwt },
      secrets: { ...project.functions.secrets, ...overrides.functionSecrets },
      databaseUrl: dbUrl,
    },
    // A fixed local key, like the demo JWT keys: it guards nothing but a local catcher.
    emailApiKey: 're_local_mail_catcher',
    emailApiRateLimit,
    trustTestClientAddress: overrides.trustTestClientAddress ?? false,
    adminEmail: envValue(env, 'SUPABASE_ADMIN_EMAIL') ?? 'admin@europerally.local',
    adminPassword: envValue(env, 'SUPABASE_ADMIN_PASSWORD') ?? 'rally-admin-2026',
    clock: clockSetting === null ? null : clockDay(clockSetting),
  };
}

/** The port is only known after listen() when 0 was asked for. */
export function withPort<T extends EmulatorConfig>(config: T, port: number): T {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    ...config,
    port,
    publicUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
  };
}
