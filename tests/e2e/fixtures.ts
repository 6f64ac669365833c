// The fixtures every spec uses: `import { test, expect } from './fixtures'`.
// - page: fails the test on any console.error or uncaught page error (allow known, deliberate
//   ones with `test.use({ allowedConsoleErrors: [/pattern/] })`).
// - adminPage: a page signed in as the seeded administrator (signed in once per worker through the
//   real login form; each test gets a fresh context from that storage state).
//   Specs that sign out must sign in on their own `page`, never with adminPage's session.
// - serviceDb: supabase-js with the service key, for arranging and cleaning up data.
// - emulatorUrl, webhooks(name): the test emulator and the payloads its webhook receivers got.
// Each worker has its own emulator and its own address for the one build of the site (servers.ts,
// worker-servers.ts): started with the worker, before its first test, and stopped after its last.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/data/types';
import { ClosedWebSocket } from '../support/closed-websocket';
import { e2e } from './servers';
import { startWorkerEmulator, startWorkerSite } from './worker-servers';

export { expect };

function createServiceDb() {
  return createClient<Database>(e2e.emulatorUrl, e2e.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ClosedWebSocket },
  });
}

export type ServiceDb = ReturnType<typeof createServiceDb>;

type ConsoleWatch = { stop: () => string[] };

/**
 * Prerendered pages are on screen before the SPA takes them over (src/app/App.tsx then marks
 * <html data-ready>); a click before that does nothing. After each navigation, wait for the page
 * to be ready, as a visitor waits for it to load. Pages outside the SPA are not waited for.
 */
function waitForAppOnGoto(page: Page) {
  const ready = () =>
    page.waitForFunction(
      () => 'ready' in document.documentElement.dataset || !document.getElementById('root'),
    );
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await ready();
    return response;
  };
  // A reload is a navigation too: typing into the form it draws before React has taken it over
  // was lost (the contact form's guard test, once the header and footer came in chunks).
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await ready();
    return response;
  };
}

function watchConsole(page: Page, allowed: RegExp[]): ConsoleWatch {
  const errors: string[] = [];
  const record = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
  };
  const onConsole = (message: { type(): string; text(): string; location(): { url: string } }) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    record(where ? `${message.text()} (${where})` : message.text());
  };
  const onPageError = (error: Error) => record(`Uncaught ${error.name}: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return {
    stop() {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      return errors;
    },
  };
}

function expectNoConsoleErrors(errors: string[]) {
  expect(errors, 'the page logged errors to the console').toEqual([]);
}

/** Signs in through the real login form and waits for the dashboard. */
export async function signInAsAdmin(
  page: Page,
  email = e2e.adminEmail,
  password = e2e.adminPassword,
) {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/admin/dashboard');
}

export type Webhooks = <Payload = Record<string, unknown>>(name: string) => Promise<Payload[]>;

type TestFixtures = {
  allowedConsoleErrors: RegExp[];
  freshAllowance: undefined;
  adminPage: Page;
  serviceDb: ServiceDb;
  emulatorUrl: string;
  webhooks: Webhooks;
};

type WorkerFixtures = {
  workerServers: undefined;
  adminStorageState: string;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],

  workerServers: [
    async ({}, use) => {
      const stopEmulator = await startWorkerEmulator();
      const stopSite = await startWorkerSite();
      await use(undefined);
      await stopSite();
      await stopEmulator();
    },
    // A new emulator takes a few seconds on a busy machine; it is the worker's, not a test's.
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],

  // The worker's own address for the site (the config's is the build's).
  baseURL: async ({}, use) => {
    await use(e2e.siteUrl);
  },

  // Every page speaks from 127.0.0.1, so the registrations of all the tests a worker runs share one
  // network's allowance (10 an hour) on its emulator: each "shared state" spec starts with the
  // public forms' attempts forgotten (DELETE /local/limits, the service key). Not the main
  // project's, whose tests count their own attempts (public-forms.spec.ts).
  freshAllowance: [
    async ({}, use, testInfo) => {
      if (testInfo.project.name === 'shared state') {
        const answer = await fetch(`${e2e.emulatorUrl}/local/limits`, {
          method: 'DELETE',
          headers: { apikey: e2e.serviceRoleKey },
        });
        expect(answer.status, 'DELETE /local/limits').toBe(200);
      }
      await use(undefined);
    },
    { auto: true },
  ],

  page: async ({ page, allowedConsoleErrors }, use) => {
    const watch = watchConsole(page, allowedConsoleErrors);
    waitForAppOnGoto(page);
    await use(page);
    expectNoConsoleErrors(watch.stop());
  },

  adminStorageState: [
    // After the worker's servers (the auto fixture above): the sign-in is on its site.
    async ({ browser, workerServers: _started }, use, workerInfo) => {
      const dir = path.join(workerInfo.project.outputDir, '.auth');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `admin-${workerInfo.parallelIndex}.json`);
      const context = await browser.newContext({ baseURL: e2e.siteUrl });
      const page = await context.newPage();
      const watch = watchConsole(page, []);
      waitForAppOnGoto(page);
      await signInAsAdmin(page);
      expectNoConsoleErrors(watch.stop());
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],

  adminPage: async ({ browser, adminStorageState, allowedConsoleErrors }, use, testInfo) => {
    const context = await browser.newContext({
      ...testInfo.project.use,
      baseURL: e2e.siteUrl,
      storageState: adminStorageState,
    });
    const page = await context.newPage();
    const watch = watchConsole(page, allowedConsoleErrors);
    waitForAppOnGoto(page);
    await use(page);
    await context.close();
    expectNoConsoleErrors(watch.stop());
  },

  serviceDb: async ({}, use) => {
    await use(createServiceDb());
  },

  emulatorUrl: async ({}, use) => {
    await use(e2e.emulatorUrl);
  },

  webhooks: async ({}, use) => {
    await use(async <Payload = Record<string, unknown>>(name: string) => {
      // The inbox holds what visitors sent: it answers the service key (or the site's origin).
      const response = await fetch(
        `${e2e.emulatorUrl}/local/webhooks/${encodeURIComponent(name)}`,
        { headers: { apikey: e2e.serviceRoleKey } },
      );
      if (!response.ok) throw new Error(`GET /local/webhooks/${name} answered ${response.status}`);
      return (await response.json()) as Payload[];
    });
  },
});

/** The Stripe stand-in's Pay button on its test-mode checkout page, whatever the amount. */
export const PAY_TEST_MODE = /^Pay £[\d,.]+ \(test mode\)$/;

/**
 * Sends a filled sign-up form and waits for the Stripe stand-in's checkout page the checkout
 * function sent the browser to; answers the registration's reference (as the page asked for it).
 */
export async function registerToCheckout(page: Page): Promise<string> {
  const started = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/functions/v1/checkout'),
  );
  await page.getByRole('button', { name: 'Register and Pay Deposit' }).click();
  const body = (await started).postDataJSON() as { reference?: string } | null;
  await expect(page).toHaveURL(/\/local\/checkout\/cs_test_/);
  return body?.reference ?? '';
}
