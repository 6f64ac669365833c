// The database every contract test file starts from, and how to reach a copy of it.
import { randomUUID } from 'node:crypto';
import {
  applyMigrations,
  type Db,
  PgliteDb,
  PostgresDb,
  upsertUser,
} from '../../supabase/emulator';

/** An administrator (app_metadata.role = 'admin') and a signed-in user without that role. */
export const TEST_ADMIN = { email: 'admin@contract.test', password: 'contract-admin-password' };
export const TEST_VISITOR = {
  email: 'visitor@contract.test',
  password: 'contract-visitor-password',
};

export async function prepareTestDatabase(db: Db): Promise<void> {
  await applyMigrations(db);
  await upsertUser(db, { ...TEST_ADMIN, admin: true });
  await upsertUser(db, { ...TEST_VISITOR, admin: false });
}

export function templateDatabaseName(): string {
  return `emulator_template_${process.pid}`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * An empty database of its own, to build from scratch (the equivalence test builds two): in memory
 * on PGlite, or a new database on the PostgreSQL server the run uses (SUPABASE_DB_URL), dropped
 * afterwards.
 */
export async function emptyDatabase(
  prefix: string,
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.SUPABASE_DB_URL?.trim();
  if (!url) {
    const db = await PgliteDb.open();
    return { db, drop: () => db.close() };
  }
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = await PostgresDb.open(url, 1);
  await admin.exec(`create database ${name}`);
  const db = await PostgresDb.open(withDatabase(url, name), 1);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
