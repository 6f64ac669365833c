// Brings a database to the project's schema: what Supabase provides (platform.sql), then the
// migrations not applied yet (recorded like the Supabase CLI does), then, on a new database
// only, the seed: supabase/seed.sql, the seed media and the default administrator.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { upsertUser } from './auth/users';
import { PROJECT_ROOT, type ServerConfig } from './config';
import type { Db } from './types';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase/migrations');
const SEED_FILE = path.join(PROJECT_ROOT, 'supabase/seed.sql');
const SEED_MEDIA_MODULE = path.join(HERE, 'storage/seed-media.ts');

export type Log = (line: string) => void;

export interface MigrateResult {
  isNew: boolean;
  applied: string[];
  seeded: boolean;
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

async function inTransaction(db: Db, script: string): Promise<void> {
  try {
    await db.exec(`begin;\n${script}\n;\ncommit;`);
  } catch (err) {
    await db.exec('rollback;').catch(() => undefined);
    throw err;
  }
}

/** What hosted Supabase provides before any migration (idempotent: it runs on every start). */
export async function applyPlatform(db: Db): Promise<void> {
  await inTransaction(db, readFileSync(path.join(HERE, 'platform.sql'), 'utf8'));
}

/** Applies the migrations not applied yet. */
export async function applyMigrations(
  db: Db,
  log: Log = () => undefined,
): Promise<Omit<MigrateResult, 'seeded'>> {
  const existing = await db.query<{ found: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as found",
  );
  const isNew = !existing.rows[0]?.found;
  await applyPlatform(db);

  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
  // A version recorded here that the folder no longer holds: the migrations were squashed into a
  // baseline since this database was built, and the baseline cannot apply on top of them.
  const versions = new Set(files.map((file) => file.split('_')[0]));
  const gone = [...done].filter((version) => !versions.has(version)).sort();
  if (gone.length) {
    throw new Error(
      `This database records ${gone.length} migrations supabase/migrations no longer holds ` +
        `(${gone[0]} …): they were squashed into the baseline. Start it afresh: delete its data ` +
        'folder, or start the emulator once with --reset.',
    );
  }
  const applied: string[] = [];
  for (const file of files) {
    const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await inTransaction(
        db,
        `${sql}\n;\ninsert into supabase_migrations.schema_migrations (version, name) values (${literal(version)}, ${literal(rest.join('_'))});`,
      );
    } catch (err) {
      throw new Error(
        `Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
        },
      );
    }
    applied.push(file);
    log(`Applied migration ${file}`);
  }
  return { isNew, applied };
}

export async function seedDatabase(
  db: Db,
  config: ServerConfig,
  log: Log = () => undefined,
): Promise<void> {
  if (existsSync(SEED_FILE)) {
    await inTransaction(db, readFileSync(SEED_FILE, 'utf8'));
    log('Seeded demo content from supabase/seed.sql');
  } else {
    log('No supabase/seed.sql: the database starts without demo content');
  }
  if (existsSync(SEED_MEDIA_MODULE)) {
    const module: { seedMedia?: (db: Db, config: ServerConfig) => Promise<void> } =
      await import('./storage/seed-media');
    if (module.seedMedia) {
      await module.seedMedia(db, config);
      log('Stored the seed media in the media bucket');
    }
  } else {
    log('No seed media module: the media bucket starts empty');
  }
  await upsertUser(db, { email: config.adminEmail, password: config.adminPassword, admin: true });
}

/** Migrates, and seeds when the database is new and `seed` is on. */
export async function migrate(
  db: Db,
  config: ServerConfig,
  options: { seed: boolean; log?: Log },
): Promise<MigrateResult> {
  const log = options.log ?? (() => undefined);
  const { isNew, applied } = await applyMigrations(db, log);
  const seeded = isNew && options.seed;
  if (seeded) await seedDatabase(db, config, log);
  return { isNew, applied, seeded };
}
