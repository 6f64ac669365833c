// A new database gets the platform, the migrations, the seed and the default administrator; a
// second start applies nothing again.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeClient } from '../../tests/contract/harness';
import { PROJECT_ROOT } from './config';
import { startEmulator, type RunningEmulator } from './index';
import { applyMigrations } from './migrate';

// Only on PGlite: with SUPABASE_DB_URL the contract tests prove the migrations on PostgreSQL.
const onPglite = !process.env.SUPABASE_DB_URL;

describe.runIf(onPglite)('a new database', () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await startEmulator({ dataDir: null, dbUrl: null, seed: true });
  }, 120_000);
  afterAll(async () => {
    await em?.stop();
  });

  test('is migrated, seeded and given the default administrator', async () => {
    expect(em.migration.isNew).toBe(true);
    expect(em.migration.seeded).toBe(true);
    expect(em.migration.applied).toContain('20261130000000_baseline.sql');
    const client = makeClient(em.url, em.config.anonKey);
    const { data, error } = await client.auth.signInWithPassword({
      email: em.config.adminEmail,
      password: em.config.adminPassword,
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('admin');
  });

  // Always run: a missing seed.sql is what this test must catch, not a reason to skip it.
  test('holds the demo content of seed.sql', async () => {
    expect(existsSync(path.join(PROJECT_ROOT, 'supabase/seed.sql'))).toBe(true);
    const client = makeClient(em.url, em.config.anonKey);
    const { count } = await client
      .from('sponsors')
      .select('*', { count: 'exact', head: true })
      .eq('published', true);
    expect(count).toBeGreaterThan(0);
  });

  test('applies nothing on the next start and says it is not new', async () => {
    const again = await applyMigrations(em.db);
    expect(again).toEqual({ isNew: false, applied: [] });
  });

  test('refuses, saying how to start afresh, a database built by migrations squashed since', async () => {
    await em.db.query(
      "insert into supabase_migrations.schema_migrations (version, name) values ('20260101000000', 'schema')",
    );
    try {
      await expect(applyMigrations(em.db)).rejects.toThrow(
        /records 1 migrations supabase\/migrations no longer holds \(20260101000000 …\).*--reset/,
      );
    } finally {
      await em.db.query(
        "delete from supabase_migrations.schema_migrations where version = '20260101000000'",
      );
    }
  });
});
