import { defineConfig, devices } from '@playwright/test';
import { build, emulatorEnv, siteArgs } from './tests/e2e/servers';

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

/**
 * The specs that change what every other spec on their worker reads (the current edition, the
 * database's day): the "shared state" project below. Add a spec here when it does so.
 */
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
  outputDir: `test-results/e2e-${build.sitePort}`,
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
    // The build's address; each worker's fixtures (tests/e2e/fixtures.ts) give its own.
    baseURL: build.siteUrl,
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
      // Specs that change what every other spec on their worker reads (the current edition, the
      // database's day). Each worker has its own emulator (tests/e2e/servers.ts), and a worker
      // runs one project's tests only, so these run beside the main project's without touching
      // what its tests read. A file's tests run in order on one worker; each spec puts the
      // current edition (2026) and the day back when it ends, however it ends, for the next spec
      // of its worker.
      name: 'shared state',
      use: browser,
      testMatch: SHARED_STATE_SPECS,
      fullyParallel: false,
    },
  ],
  webServer: [
    {
      // Builds the site (unless E2E_SITE_BUILT=1) against a seeded emulator on the base ports, keeps
      // its database as every worker's template, then serves the build with `vite preview`.
      // Each worker starts its own emulator and proxy (tests/e2e/fixtures.ts, workerServers).
      command: `node ${siteArgs.join(' ')}`,
      url: build.siteUrl,
      env: emulatorEnv,
      reuseExistingServer: false,
      timeout: 360_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
