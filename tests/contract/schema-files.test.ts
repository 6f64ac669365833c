// The migrations and the schema files build the same database. One database is built from what
// hosted Supabase provides (supabase/emulator/platform.sql) and supabase/migrations, in order, as
// `supabase db push` and the emulator do; another from the same platform and supabase/schemas, in
// supabase/config.toml's schema_paths order. Their schemas, read from the catalog
// (scripts/lib/schema-sql.ts: tables, columns, constraints, indexes, triggers, policies, grants,
// views, function bodies, cron jobs, buckets and the rows the schema inserts), must not differ,
// and a difference is named by its object. And the schema files state each table, view, function,
// index, trigger and policy once: a second `create` of one is a copy, not its current form. Runs
// on PGlite and on PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schemaFiles, schemaScript } from '../../scripts/lib/schema-files';
import {
  schemaDifferences,
  schemaSections,
  type SchemaSection,
} from '../../scripts/lib/schema-sql';
import { applyMigrations, applyPlatform, type Db } from '../../supabase/emulator';
import { emptyDatabase } from './test-database';

const drops: (() => Promise<void>)[] = [];

async function freshDatabase(prefix: string): Promise<Db> {
  const { db, drop } = await emptyDatabase(prefix);
  drops.push(drop);
  return db;
}

/** The schema of a database built from the platform and `sql` (the schema files joined). */
async function builtFrom(sql: string): Promise<SchemaSection[]> {
  const db = await freshDatabase('schema_files');
  await applyPlatform(db);
  await db.exec(`begin;\n${sql}\n;\ncommit;`);
  return schemaSections(db);
}

const NAMES = { expected: 'supabase/migrations', actual: 'supabase/schemas' };
let migrated: SchemaSection[] = [];

beforeAll(async () => {
  const db = await freshDatabase('schema_migrations');
  await applyMigrations(db);
  migrated = await schemaSections(db);
}, 120_000);

afterAll(async () => {
  for (const drop of drops) await drop();
});

describe('the migrations and the schema files', () => {
  test('build the same database', async () => {
    const declared = await builtFrom(schemaScript());
    const differences = schemaDifferences(migrated, declared, NAMES);
    const first = differences[0]?.description;
    expect(
      first ?? null,
      `${differences.length} objects differ. Change the schema in supabase/schemas, then run ` +
        '`npm run db:baseline` (no production database yet) or write the same change as a new ' +
        'migration (once there is one).',
    ).toBeNull();
    // The comparison covers what the schema makes, not an empty shell.
    const kinds = new Set(migrated.map((section) => section.key.split(' ')[0]));
    expect([...kinds].sort()).toEqual(
      ['bucket', 'cron', 'extensions', 'function', 'on', 'rows', 'schema', 'table', 'view'].sort(),
    );
  }, 120_000);

  test('differ, by name, where a schema file is changed', async () => {
    const changes: [string, string][] = [
      // A function's body.
      ["length(regexp_replace(value, '[^0-9]', '', 'g')) between 7 and 15", 'between 7 and 16'],
      // A grant.
      ['grant select on public.audit_log to authenticated;\n', ''],
      // A cron job's schedule.
      ["'personal-data',\n  '30 3 * * *'", "'personal-data',\n  '30 4 * * *'"],
      // A config row.
      ['if one becomes free.', 'if a place becomes free.'],
      // A column.
      ['  caption text,\n', '  caption text not null,\n'],
    ];
    let sql = schemaScript();
    for (const [from, to] of changes) {
      expect(sql, from).toContain(from);
      sql = sql.replace(from, to);
    }
    const differences = schemaDifferences(migrated, await builtFrom(sql), NAMES);
    expect(differences.map((difference) => difference.key)).toEqual([
      'table public.audit_log',
      'table public.news_article_images',
      'function private.is_phone(value text)',
      'cron job personal-data',
      'rows public.consent_wordings',
    ]);
    expect(differences[2]?.description).toMatch(
      /^function private\.is_phone\(value text\) differs at line \d+:\n {2}supabase\/migrations: .*between 7 and 15\n {2}supabase\/schemas: .*between 7 and 16/,
    );
  }, 120_000);
});

describe('the schema files', () => {
  test('create each table, view, function, index, trigger and policy once', () => {
    const where = new Map<string, string>();
    const twice: string[] = [];
    for (const file of schemaFiles()) {
      // A function's body ($$ … $$) may say `create` too; only statements count.
      const sql = file.sql.replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$$$').replace(/--[^\n]*/g, '');
      const creates =
        /\bcreate\s+(?:or\s+replace\s+)?(?:unique\s+)?(function|table|view|index|trigger|policy|type)\s+(?:if\s+not\s+exists\s+)?("[^"]+"|[\w.]+)(?:[^;]*?\bon\s+([\w.]+))?/gi;
      for (const [, kind = '', name = '', table = ''] of sql.matchAll(creates)) {
        const object = `${kind.toLowerCase()} ${name}${/^(trigger|policy)$/i.test(kind) ? ` on ${table}` : ''}`;
        const first = where.get(object);
        if (first) twice.push(`${object}: ${first} and ${file.name}`);
        else where.set(object, file.name);
      }
    }
    expect(where.size).toBeGreaterThan(400);
    expect(twice).toEqual([]);
  });
});
