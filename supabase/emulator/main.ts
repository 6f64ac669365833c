// CLI of the local Supabase stand-in.
//   serve [--port N] [--host H] [--data-dir DIR] [--reset] [--site-url URL] [--db-url URL]
//   admin <email> <password> [--data-dir DIR] [--db-url URL] [--no-admin-role]
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { upsertUser } from './auth/users';
import { loadConfig, PROJECT_ROOT } from './config';
import { openMigratedDb, pgDataDir, runningEmulatorPid, startEmulator } from './index';

const USAGE = `Usage:
  tsx supabase/emulator/main.ts serve [--port N] [--host H] [--data-dir DIR] [--reset] [--site-url URL] [--db-url URL]
  tsx supabase/emulator/main.ts admin <email> <password> [--data-dir DIR] [--db-url URL] [--no-admin-role]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'site-url': { type: 'string' },
      'db-url': { type: 'string' },
    },
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    fail(`Invalid --port ${values.port}`);
  const base = loadConfig({ dataDir: values['data-dir'] });
  if (values.reset) {
    const other = runningEmulatorPid(base.dataDir);
    if (other)
      fail(`An emulator (pid ${other}) is running on ${base.dataDir}; stop it before --reset.`);
    rmSync(base.dataDir, { recursive: true, force: true });
    console.log(`Reset ${path.relative(PROJECT_ROOT, base.dataDir) || base.dataDir}`);
  }
  const emulator = await startEmulator({
    port: port ?? base.port,
    host: values.host,
    dataDir: values['data-dir'] ?? base.dataDir,
    siteUrl: values['site-url'],
    dbUrl: values['db-url'],
    log: (line) => console.log(line),
    scheduler: true,
  });
  const { config } = emulator;
  // One write, so whoever waits for the ready line also has the rest of the banner.
  const banner = [
    `Supabase emulator ready on ${emulator.url}`,
    `  database:    ${config.dbUrl ? 'PostgreSQL (SUPABASE_DB_URL)' : `PGlite in ${pgDataDir(config.dataDir)}`}`,
    `  anon key:    ${config.anonKey}`,
    `  service key: ${config.serviceRoleKey}`,
    `  mail:        ${emulator.url}/local/mail (the inbox of every email sent)`,
  ];
  if (emulator.migration.seeded) {
    banner.push(`  admin sign-in (new database): ${config.adminEmail} / ${config.adminPassword}`);
  }
  console.log(banner.join('\n'));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the Supabase emulator`);
    emulator.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function admin(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'db-url': { type: 'string' },
      'no-admin-role': { type: 'boolean', default: false },
    },
  });
  const [email, password] = positionals;
  if (!email || !password || positionals.length !== 2) fail(USAGE);
  const config = loadConfig({ dataDir: values['data-dir'], dbUrl: values['db-url'] });
  // The same minimum as sign-in's GoTrue: config.toml's [auth] minimum_password_length.
  if (password.length < config.minPasswordLength)
    fail(`The password must be at least ${config.minPasswordLength} characters long.`);
  if (!config.dbUrl) {
    // PGlite allows one process per data folder.
    const other = runningEmulatorPid(config.dataDir);
    if (other)
      fail(
        `The emulator (pid ${other}) is using ${config.dataDir}: stop it first, then run this again.`,
      );
  }
  // A new folder is seeded here exactly as `serve` would seed it, so the next start finds the
  // demo content and the default administrator, not a migrated but empty database.
  const { db, migration } = await openMigratedDb(config, {
    seed: true,
    log: (line) => console.log(line),
  });
  try {
    if (migration.seeded) {
      console.log(
        `Default administrator (new database): ${config.adminEmail} / ${config.adminPassword}`,
      );
    }
    const isAdmin = !values['no-admin-role'];
    await upsertUser(db, { email, password, admin: isAdmin });
    console.log(`${isAdmin ? 'Administrator' : 'User'} ${email} is ready to sign in.`);
  } finally {
    await db.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
const run = command === 'serve' ? serve : command === 'admin' ? admin : null;
if (!run) fail(USAGE);
run(rest).catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
