import { defineConfig, devices } from '@playwright/test';
import { EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES } from './supabase/emulator/config';
import { e2e } from './tests/e2e/servers';

// Debian's chromium by default (Playwright cannot download browsers on these machines);
// scripts/ensure-chromium.sh exports CHROMIUM_PATH when it had to use another one.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: chromiumArgs },
};

/** The specs of the "shared state" project (below); the main project leaves them out. */
const SHARED_STATE_SPECS = [
  '**/edition-rollover.spec.ts',
  '**/edition-facts.spec.ts',
  '**/team-page.spec.ts',
  '**/admin-money.spec.ts',
  '**/waiting-list-offer.spec.ts',
  '**/waiting-list-refund.spec.ts',
  '**/team-documents.spec.ts',
  '**/mailings.spec.ts',
  '**/personal-data.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder when a run starts: one per port pair lets two suites run
  // side by side (E2E_SUPABASE_PORT / E2E_SITE_PORT) without deleting each other's traces.
  outputDir: `test-results/e2e-${e2e.sitePort}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json']]
    : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: e2e.siteUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  },
  projects: [
    {
      name: 'chromium',
      use: browser,
      testIgnore: SHARED_STATE_SPECS,
    },
    {
      // Specs that change what every other spec reads (the current edition, the database's day):
      // after the main project, and one at a time, so no spec runs beside them. Each puts the
      // current edition (2026) and the day back when it ends, however it ends.
      name: 'shared state',
      use: browser,
      testMatch: SHARED_STATE_SPECS,
      dependencies: ['chromium'],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: [
    {
      // Started first: the site's build may read published content from it (prerendering).
      command: `npx tsx supabase/emulator/main.ts serve --port ${e2e.supabasePort} --data-dir ${e2e.dataDir} --reset --site-url ${e2e.siteUrl}`,
      url: `${e2e.emulatorUrl}/rest/v1/`,
      env: {
        SUPABASE_ADMIN_EMAIL: e2e.adminEmail,
        SUPABASE_ADMIN_PASSWORD: e2e.adminPassword,
        SUPABASE_CLOCK: e2e.clock,
        // Until the outbox's sender retries a 429 (issue 34), then Resend's 2 a second again.
        EMAIL_API_RATE_LIMIT: String(EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // Builds the site against the emulator above (unless E2E_SITE_BUILT=1), then previews it.
      command: `node scripts/e2e-site.mjs --supabase-url ${e2e.emulatorUrl} --site-port ${e2e.sitePort} --out-dir ${e2e.buildDir}`,
      url: e2e.siteUrl,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
