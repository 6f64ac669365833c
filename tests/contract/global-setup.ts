// Runs once per `vitest` run for the emulator project: builds the database every contract test
// file starts from (platform + migrations + the test users), so files restore it instead of
// migrating from scratch. PGlite: a dump file. PostgreSQL (SUPABASE_DB_URL): a template database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PgliteDb, PostgresDb } from '../../supabase/emulator';
import { prepareTestDatabase, templateDatabaseName, withDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite dump of the prepared database (PGlite mode). */
    emulatorDump: string;
    /** Name of the prepared template database (PostgreSQL mode). */
    emulatorTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dbUrl = process.env.SUPABASE_DB_URL?.trim();
  if (dbUrl) {
    const template = templateDatabaseName();
    const admin = await PostgresDb.open(dbUrl, 1);
    await admin.exec(`drop database if exists ${template}`);
    await admin.exec(`create database ${template}`);
    const db = await PostgresDb.open(withDatabase(dbUrl, template), 1);
    await prepareTestDatabase(db);
    await db.close();
    project.provide('emulatorTemplate', template);
    project.provide('emulatorDump', '');
    return async () => {
      await admin.exec(`drop database if exists ${template}`);
      await admin.close();
    };
  }
  const db = await PgliteDb.open();
  await prepareTestDatabase(db);
  const dump = await db.dumpDataDir();
  await db.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emulator-dump-'));
  const file = path.join(dir, 'prepared.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('emulatorDump', file);
  project.provide('emulatorTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
