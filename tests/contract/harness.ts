// Starts an in-process emulator per test file on port 0, on its own copy of the prepared
// database (see global-setup.ts), and hands out real supabase-js clients for each kind of caller.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import {
  EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES,
  type MailMessage,
  PostgresDb,
  type RunningEmulator,
  startEmulator,
  type StartOptions,
  TEST_CAPTCHA_TOKENS,
} from '../../supabase/emulator';
import type { Database, TableName } from '../../src/data/types';
import { ClosedWebSocket } from '../support/closed-websocket';
import { TEST_ADMIN, TEST_VISITOR, withDatabase } from './test-database';

export { TEST_ADMIN, TEST_VISITOR };

export type Client = SupabaseClient<Database>;

export function makeClient(url: string, key: string): Client {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ClosedWebSocket },
  });
}

export interface TestEmulator {
  url: string;
  emulator: RunningEmulator;
  anonKey: string;
  serviceKey: string;
  /** Visitor with the anon key. */
  anon: Client;
  /** Service role: bypasses RLS, for arranging data. */
  service: Client;
  /** Signed in as an administrator. */
  admin: Client;
  /** Signed in, without the admin role. */
  visitor: Client;
  signIn(credentials: { email: string; password: string }): Promise<Client>;
  stop(): Promise<void>;
}

export type TestEmulatorOptions = Pick<
  StartOptions,
  | 'maxBodyBytes'
  | 'enableSignup'
  | 'jwtExpirySeconds'
  | 'siteUrl'
  | 'signInLimit'
  | 'inFlight'
  | 'maxRows'
  | 'functionsDir'
  | 'functionSecrets'
  | 'verifyJwt'
  | 'authEmail'
  | 'clock'
  | 'trustTestClientAddress'
  | 'captcha'
  | 'emailApiRateLimit'
>;

/**
 * The day every test emulator's database takes as today unless a file says otherwise (`clock`):
 * inside the seed's registration window (1 September 2025 to 31 May 2026), on the day the e2e
 * specs pin the browser to, so a registration is accepted whatever the real date (CI runs long
 * after the 2026 rally). `clock: null` gives the real date.
 */
export const TEST_CLOCK = '2026-03-01';

async function startOnCopy(
  given: TestEmulatorOptions,
): Promise<{ emulator: RunningEmulator; cleanup: () => Promise<void> }> {
  const options = {
    ...given,
    clock: given.clock === undefined ? TEST_CLOCK : given.clock,
    // Until the outbox's sender retries (issue 34); email-api.test.ts runs at Resend's 2 already.
    emailApiRateLimit: given.emailApiRateLimit ?? EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES,
  };
  const dbUrl = process.env.SUPABASE_DB_URL?.trim();
  const template = inject('emulatorTemplate');
  if (dbUrl && template) {
    const name = `emulator_test_${randomBytes(6).toString('hex')}`;
    const admin = await PostgresDb.open(dbUrl, 1);
    await admin.exec(`create database ${name} template ${template}`);
    const emulator = await startEmulator({
      ...options,
      dataDir: null,
      dbUrl: withDatabase(dbUrl, name),
      seed: false,
    });
    return {
      emulator,
      cleanup: async () => {
        await admin.exec(`drop database if exists ${name} with (force)`);
        await admin.close();
      },
    };
  }
  const dump = inject('emulatorDump');
  if (!dump)
    throw new Error(
      'No prepared database: run the contract tests through vitest (project "emulator").',
    );
  const emulator = await startEmulator({
    ...options,
    dataDir: null,
    dbUrl: null,
    seed: false,
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  return { emulator, cleanup: async () => undefined };
}

export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const { emulator, cleanup } = await startOnCopy(options);
  const { url, config } = emulator;
  // With [auth.captcha] on, a sign-in carries the provider's test token, as the page would.
  const captchaToken = config.captcha.enabled
    ? TEST_CAPTCHA_TOKENS[config.captcha.provider]
    : undefined;
  const signIn = async (credentials: { email: string; password: string }): Promise<Client> => {
    const client = makeClient(url, config.anonKey);
    const { error } = await client.auth.signInWithPassword({
      ...credentials,
      options: { captchaToken },
    });
    if (error) throw new Error(`sign-in of ${credentials.email} failed: ${error.message}`);
    return client;
  };
  const [admin, visitor] = await Promise.all([signIn(TEST_ADMIN), signIn(TEST_VISITOR)]);
  return {
    url,
    emulator,
    anonKey: config.anonKey,
    serviceKey: config.serviceRoleKey,
    anon: makeClient(url, config.anonKey),
    service: makeClient(url, config.serviceRoleKey),
    admin,
    visitor,
    signIn,
    async stop() {
      await emulator.stop();
      await cleanup();
    },
  };
}

/** One emulator for the calling test file: started before its tests, stopped after them. */
export function setupTestEmulator(options: TestEmulatorOptions = {}): () => TestEmulator {
  let current: TestEmulator | null = null;
  beforeAll(async () => {
    current = await startTestEmulator(options);
  });
  afterAll(async () => {
    await current?.stop();
  });
  return () => {
    if (!current) throw new Error('The test emulator is not running (use it inside tests)');
    return current;
  };
}

/** A raw HTTP call, for what supabase-js does not expose (headers, status, preflight). */
export async function http(
  em: TestEmulator,
  path: string,
  init: RequestInit & { key?: string } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const headers = new Headers(init.headers);
  const key = init.key ?? em.anonKey;
  if (!headers.has('apikey') && key) headers.set('apikey', key);
  const response = await fetch(`${em.url}${path}`, { ...init, headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}

/** The earlier name, kept for test files written against it (it is not a React hook). */
export const useTestEmulator = setupTestEmulator;

/** Inserts one row with the service role (bypassing RLS) and returns its id, for arranging data. */
export async function arrangeRow(
  em: TestEmulator,
  table: TableName,
  row: Record<string, unknown>,
): Promise<string> {
  const { data, error } = await em.service
    .from(table)
    .insert(row as never)
    .select('id')
    .single();
  if (error || !data) throw new Error(`arrange ${table}: ${error?.message}`);
  return (data as unknown as { id: string }).id;
}

/** The emails the local mail catcher holds for an address, newest first (read with the service key). */
export async function caughtMail(em: TestEmulator, to: string): Promise<MailMessage[]> {
  const res = await http(em, `/local/mail/messages?to=${encodeURIComponent(to)}`, {
    key: em.serviceKey,
    headers: { authorization: `Bearer ${em.serviceKey}` },
  });
  if (res.status !== 200) throw new Error(`reading the mail of ${to}: ${res.status} ${res.text}`);
  return res.json() as MailMessage[];
}

/**
 * Asks until the answer's status is `status`, for at most 10 s, then expects it: on a loaded
 * machine the server may take a moment to see what the test has just done (held requests, an
 * Edge Function starting).
 */
export async function eventually(
  ask: () => Promise<number | undefined>,
  status: number,
  within = 10_000,
): Promise<void> {
  const deadline = Date.now() + within;
  let last = await ask();
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await ask();
  }
  expect(last).toBe(status);
}
