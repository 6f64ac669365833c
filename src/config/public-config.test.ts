// @vitest-environment node
// A production build without its public configuration stops with a message naming what is
// missing (item 15 of the hardening issue), through the very Vite config `npm run build` uses.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  REQUIRED_BUILD_VARIABLES,
  buildEnvProblems,
  publicConfig,
  type BuildVariable,
} from './public-config';

const complete: Record<BuildVariable, string> = {
  VITE_SUPABASE_URL: 'https://abcd.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.e30.signature',
  VITE_SITE_URL: 'https://www.europerally.org.uk',
  VITE_DONATE_URL: 'https://www.justgiving.com/europe-rally',
};
const names = Object.keys(REQUIRED_BUILD_VARIABLES) as BuildVariable[];

describe('publicConfig', () => {
  it('reads each variable, without a trailing slash', () => {
    expect(publicConfig({ ...complete, VITE_SUPABASE_URL: 'https://abcd.supabase.co/' })).toEqual({
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: complete.VITE_SUPABASE_ANON_KEY,
      donateUrl: complete.VITE_DONATE_URL,
      siteUrl: complete.VITE_SITE_URL,
    });
  });

  it('falls back to the local emulator and its services where nothing is set', () => {
    expect(publicConfig({})).toMatchObject({
      supabaseUrl: 'http://127.0.0.1:54321',
      siteUrl: 'http://localhost:5173',
    });
  });
});

describe('buildEnvProblems', () => {
  it('finds nothing wrong when every variable is a proper value', () => {
    expect(buildEnvProblems(complete)).toEqual([]);
  });

  it('names each missing or blank variable and what it is for', () => {
    const problems = buildEnvProblems({
      ...complete,
      VITE_SITE_URL: '  ',
      VITE_DONATE_URL: undefined,
    });
    expect(problems).toEqual([
      "VITE_SITE_URL is not set (the site's public origin (canonical URLs, sitemap))",
      "VITE_DONATE_URL is not set (the charity's giving page)",
    ]);
  });

  it('refuses a URL that is not an absolute web address', () => {
    expect(buildEnvProblems({ ...complete, VITE_SUPABASE_URL: 'abcd.supabase.co' })).toEqual([
      'VITE_SUPABASE_URL must be an absolute http(s) URL, got "abcd.supabase.co"',
    ]);
  });
});

describe('the production build (vite.config.ts)', () => {
  // An empty folder for .env files, so a developer's own .env cannot make the test pass.
  const envDir = mkdtempSync(path.join(os.tmpdir(), 'build-env-'));
  const resolve = (mode: string) =>
    resolveConfig(
      { configFile: path.resolve('vite.config.ts'), envDir, mode, logLevel: 'silent' },
      'build',
    );

  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => rmSync(envDir, { recursive: true, force: true }));

  it('stops before building, naming every missing variable, when none is set', async () => {
    for (const name of names) vi.stubEnv(name, '');
    const failure = resolve('production');
    await expect(failure).rejects.toThrow(
      'A production build needs the site’s public configuration',
    );
    await expect(failure).rejects.toThrow(
      new RegExp(names.map((name) => `${name} is not set`).join('[\\s\\S]*')),
    );
  });

  it('starts when the environment gives every variable', async () => {
    for (const name of names) vi.stubEnv(name, complete[name]);
    await expect(resolve('production')).resolves.toMatchObject({ mode: 'production' });
  });

  it('leaves other modes (vite build --mode emulator) to the local defaults of env.ts', async () => {
    for (const name of names) vi.stubEnv(name, '');
    await expect(resolve('emulator')).resolves.toMatchObject({ mode: 'emulator' });
  });
});
