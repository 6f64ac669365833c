// The database every contract test file starts from, and how to reach a copy of it.
import { upsertUser } from '../../supabase/emulator/auth/users';
import { applyMigrations } from '../../supabase/emulator/migrate';
import type { Db } from '../../supabase/emulator/types';

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
