// The CLI contract other parts rely on (npm start, npm run admin, the e2e config).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makeClient } from '../../tests/contract/harness';
import { PROJECT_ROOT } from './config';

// The CLI's well-known demo anon key (the default secret is the demo secret).
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-cli-'));
const freshDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-cli-admin-first-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(freshDir, { recursive: true, force: true });
});

interface Run {
  output: () => string;
  ready: Promise<string>;
  exit: Promise<number | null>;
  signal: (name: NodeJS.Signals) => void;
}

function cli(...args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/emulator/main.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SUPABASE_DB_URL: '' },
  });
  let out = '';
  const ready = new Promise<string>((resolve) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /Supabase emulator ready on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => out, ready, exit, signal: (name) => child.kill(name) };
}

// PGlite only: the PostgreSQL run (scripts/test-postgres.sh) is about the database, not the CLI.
describe.runIf(!process.env.SUPABASE_DB_URL)('emulator CLI', () => {
  test('serves a new data folder seeded with the administrator, and stops cleanly on SIGTERM', async () => {
    const run = cli('serve', '--port', '0', '--data-dir', dataDir);
    const url = await Promise.race([
      run.ready,
      run.exit.then(() => Promise.reject(new Error(run.output()))),
    ]);
    expect(run.output()).toContain(
      'admin sign-in (new database): admin@europerally.local / rally-admin-2026',
    );
    expect(run.output()).toContain('anon key:    eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.');
    const client = makeClient(url, ANON_KEY);
    const { error } = await client.auth.signInWithPassword({
      email: 'admin@europerally.local',
      password: 'rally-admin-2026',
    });
    expect(error).toBeNull();
    run.signal('SIGTERM');
    expect(await run.exit).toBe(0);
  }, 120_000);

  test('creates an administrator in a stopped data folder, who signs in on the next start', async () => {
    const admin = cli(
      'admin',
      'second@europerally.local',
      'second-password',
      '--data-dir',
      dataDir,
    );
    expect(await admin.exit).toBe(0);
    expect(admin.output()).toContain('Administrator second@europerally.local is ready to sign in.');
    const run = cli('serve', '--port', '0', '--data-dir', dataDir);
    const url = await run.ready;
    expect(run.output()).not.toContain('admin sign-in (new database)');
    const { data, error } = await makeClient(url, ANON_KEY).auth.signInWithPassword({
      email: 'second@europerally.local',
      password: 'second-password',
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('admin');
    run.signal('SIGINT');
    expect(await run.exit).toBe(0);
  }, 120_000);

  test('admin refuses a password shorter than config.toml’s minimum_password_length (10)', async () => {
    const admin = cli('admin', 'short@europerally.local', 'nine-char', '--data-dir', dataDir);
    expect(await admin.exit).toBe(1);
    expect(admin.output()).toContain('The password must be at least 10 characters long.');
  }, 60_000);

  test('admin on a brand-new data folder seeds it as serve would, so the next start has the demo content', async () => {
    const folder = path.join(freshDir, 'data');
    const admin = cli('admin', 'first@europerally.local', 'first-password', '--data-dir', folder);
    expect(await admin.exit).toBe(0);
    expect(admin.output()).toContain('Seeded demo content from supabase/seed.sql');
    expect(admin.output()).toContain(
      'Default administrator (new database): admin@europerally.local / rally-admin-2026',
    );
    const run = cli('serve', '--port', '0', '--data-dir', folder);
    const url = await run.ready;
    expect(run.output()).not.toContain('admin sign-in (new database)');
    const anon = makeClient(url, ANON_KEY);
    const sponsors = await anon.from('sponsors').select('id');
    expect(sponsors.error).toBeNull();
    expect(sponsors.data?.length).toBeGreaterThan(0);
    for (const credentials of [
      { email: 'first@europerally.local', password: 'first-password' },
      { email: 'admin@europerally.local', password: 'rally-admin-2026' },
    ]) {
      const client = makeClient(url, ANON_KEY);
      const { data, error } = await client.auth.signInWithPassword(credentials);
      expect(error).toBeNull();
      expect(data.user?.app_metadata.role).toBe('admin');
      // Only administrators list the media bucket (visitors fetch its public URLs).
      const media = await client.storage.from('media').list('seed/gallery');
      expect(media.data?.length).toBeGreaterThan(0);
    }
    run.signal('SIGTERM');
    expect(await run.exit).toBe(0);
  }, 180_000);
});
