// The local Supabase stand-in's one entry for code outside it: startEmulator (tests, scripts, the
// CLI), and, at the end, all else the tests and scripts may use of it. Everything else in
// supabase/emulator is its inside: the site and the Edge Functions reach it over HTTP only, and
// tests and scripts through this file, HTTP and the /local/* controls (README.md beside it lists
// them; eslint.layers.js enforces it).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clockDay, loadConfig, withPort, type ConfigOverrides, type ServerConfig } from './config';
import { openDb, type AnyDb } from './db';
import { stopFunctions } from './functions/workers';
import { migrate, type Log, type MigrateResult } from './migrate';
import { getCatalog } from './rest/catalog';
import {
  onTick,
  startScheduler,
  stopScheduler,
  tick,
  type JobRun,
  type SentRequest,
} from './scheduler';
import { createServer } from './server';
import { settleDeliveries } from './stripe/events';
import { stripeTick } from './stripe/tick';

export interface StartOptions extends Omit<ConfigOverrides, 'dataDir'> {
  /** A folder for the database and stored files; null = in memory (a temp folder for files). */
  dataDir?: string | null;
  /** Seed a new database (seed.sql, seed media, default administrator). Default true. */
  seed?: boolean;
  /** Start PGlite from a dump made by PgliteDb.dumpDataDir() instead of an empty database. */
  loadDataDir?: Blob;
  log?: Log;
  /**
   * Run scheduled work on its own: due cron jobs at each real minute, queued net requests every
   * second (`serve` turns it on). Off, as in tests, nothing runs until runDueJobs() is called.
   */
  scheduler?: boolean;
}

export interface RunningEmulator {
  url: string;
  config: ServerConfig;
  db: AnyDb;
  migration: MigrateResult;
  /** Moves the database's pinned day (see ConfigOverrides.clock); null = the real date. */
  setClock(value: string | null): void;
  /** Pins the instant the database takes as now (private.now()); null = the real time. */
  setNow(value: string | null): void;
  /**
   * The scheduler's tick at `at` (pinned as now; default: the emulator's now): runs the cron jobs
   * due at that minute, once per minute, then sends the requests net.http_post queued.
   */
  runDueJobs(at?: string): Promise<{ runs: JobRun[]; sent: SentRequest[] }>;
  stop(): Promise<void>;
}

export function pgDataDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

function lockFile(dataDir: string): string {
  return path.join(dataDir, 'emulator.pid');
}

/** The pid of a live emulator already serving this data folder, if any. */
export function runningEmulatorPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8'));
    if (!Number.isInteger(pid) || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Opens the configured database (PGlite in the data folder, or SUPABASE_DB_URL) and brings it up
 * to date: migrated, and on a new database seeded when `seed` is on. `serve` and `admin` both come
 * through here, so a folder is never left migrated but unseeded.
 */
export async function openMigratedDb(
  config: ServerConfig,
  options: { seed: boolean; log?: Log; loadDataDir?: Blob },
): Promise<{ db: AnyDb; migration: MigrateResult }> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openDb({
    dbUrl: config.dbUrl,
    dataDir: !config.dbUrl && config.persistent ? pgDataDir(config.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
    clock: config.clock,
  });
  try {
    return { db, migration: await migrate(db, config, options) };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** An ISO date-time with its offset, as an ISO string in UTC; anything else is refused. */
export function instant(value: string): string {
  const time = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? Date.parse(value)
    : NaN;
  if (Number.isNaN(time))
    throw new Error(`Invalid instant "${value}": use e.g. 2026-03-01T10:00:00Z`);
  return new Date(time).toISOString();
}

/**
 * The Vault secrets the scheduled jobs read to call an Edge Function (Supabase's documented
 * pattern): this emulator's URL and service role key, stored on every start because the port may
 * change. On hosted the organiser stores the project's (README, "Scheduled work").
 */
async function storeFunctionSecrets(db: AnyDb, config: ServerConfig): Promise<void> {
  for (const [name, secret] of [
    ['project_url', config.publicUrl],
    ['service_role_key', config.serviceRoleKey],
  ]) {
    await db.query(
      `insert into vault.secrets (name, secret) values ($1, $2)
       on conflict (name) do update set secret = excluded.secret, updated_at = now()`,
      [name, secret],
    );
  }
}

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const {
    seed = true,
    loadDataDir,
    log = () => undefined,
    scheduler = false,
    ...overrides
  } = options;
  let config = loadConfig({ ...overrides, port: overrides.port ?? 0 });
  const tempDir = config.persistent
    ? null
    : mkdtempSync(path.join(os.tmpdir(), 'supabase-emulator-'));
  if (tempDir) config = { ...config, dataDir: tempDir };
  mkdirSync(config.dataDir, { recursive: true });
  const usesPglite = !config.dbUrl;
  if (usesPglite && config.persistent) {
    const other = runningEmulatorPid(config.dataDir);
    if (other)
      throw new Error(`Another emulator (pid ${other}) is using ${config.dataDir}; stop it first.`);
    writeFileSync(lockFile(config.dataDir), String(process.pid));
  }

  const { db, migration } = await openMigratedDb(config, { seed, log, loadDataDir });
  try {
    await getCatalog(db);
  } catch (err) {
    await db.close();
    throw err;
  }

  const ctx = { db, config, log };
  const server = createServer(ctx);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Handlers read the config through ctx, so they see the real port once it is known.
  const ctxConfig = withPort(config, (server.address() as AddressInfo).port);
  ctx.config = ctxConfig;
  await storeFunctionSecrets(db, ctxConfig);
  // Stripe expires sessions and fails refunds by itself as time passes (stripe/tick.ts).
  onTick(db, () => stripeTick(ctx));
  if (scheduler) startScheduler(db, log);

  let stopped: Promise<void> | null = null;
  return {
    url: ctxConfig.publicUrl,
    config: ctxConfig,
    db,
    migration,
    setClock(value) {
      db.clock = value === null ? null : clockDay(value);
    },
    setNow(value) {
      db.now = value === null ? null : instant(value);
    },
    async runDueJobs(at) {
      if (at !== undefined) db.now = instant(at);
      return tick(db, db.now ? new Date(db.now) : new Date());
    },
    stop() {
      stopped ??= (async () => {
        await stopScheduler(db);
        // Events still being sent reach a function that is still up, and stop before the store.
        await settleDeliveries(db);
        await stopFunctions(db);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
        else if (usesPglite && existsSync(lockFile(ctxConfig.dataDir)))
          unlinkSync(lockFile(ctxConfig.dataDir));
      })();
      return stopped;
    },
  };
}

// ---- What tests and scripts may use besides startEmulator ----

/**
 * Its databases, for a test or script that prepares or inspects one as the emulator would: PGlite
 * or PostgreSQL behind one interface, migrated as the emulator migrates, and its users.
 */
export { MAX_PREPARED_STATEMENTS, PgliteDb, PostgresDb } from './db';
export { applyMigrations, applyPlatform } from './migrate';
export { upsertUser } from './auth/users';
export { reloadCatalog } from './rest/catalog';
export type { Db, JwtClaims, Tx } from './types';

/**
 * Its configuration (the demo keys and JWT secret, the project's folder, the email API's rate for
 * senders that do not retry a 429) and its JWTs.
 */
export { EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES, loadConfig, PROJECT_ROOT } from './config';
export { signJwt } from './jwt';

/** The limits of its HTTP interface, and what a test may send it (README.md, "For tests"). */
export { API_BODY_LIMIT, TEST_CLIENT_ADDRESS_HEADER } from './gateway';
export { REST_LIMITS } from './rest/limits';
export { TEST_CAPTCHA_TOKENS } from './auth/captcha';

/**
 * The email API's body limits, the mail catcher's message (GET /local/mail/messages) and how many
 * it keeps, and the API's counts (GET /local/mail/stats).
 */
export { EMAIL_BATCH_BODY_LIMIT, EMAIL_BODY_LIMIT } from './mail/email-api';
export { MAIL_KEPT, type MailMessage } from './mail/store';
export type { EmailApiStats } from './mail/stats';

/**
 * The Stripe stand-in: the env the functions get locally (its URL, its secret key, the webhook
 * secret).
 */
export {
  functionEnv,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from './functions/deno';

/** The Deno it runs the Edge Functions with, and that Deno's cache of their npm: packages. */
export { DENO_DIR, denoBinary } from './functions/deno';
/**
 * The Stripe stand-in's one object and event builder, for tests that forge, replay or alter an
 * event at the stripe-webhook function (tests/support/stripe-events.ts).
 */
export { stripeEvent, stripeSignature } from './stripe/events';
export {
  checkoutSession,
  refund,
  stripeId,
  REFUND_FAILURE_REASONS,
  type CheckoutSession,
  type Refund,
} from './stripe/objects';
export { REFUND_FAILURE_DELAY_SECONDS } from './stripe/refunds';
export type { StripeEvent } from './stripe/store';
