// Builds the end-to-end site and the template database ahead of `playwright test`
// (scripts/test.sh runs it beside the unit tests; with E2E_SITE_BUILT=1 Playwright then only
// serves what it made). The same command as playwright.config.ts's, with --build-only.
import { spawnSync } from 'node:child_process';
import { emulatorEnv, siteArgs } from './servers';

const { status, signal } = spawnSync(process.execPath, [...siteArgs, '--build-only'], {
  stdio: 'inherit',
  env: { ...process.env, ...emulatorEnv, E2E_SITE_BUILT: '' },
});
process.exit(status ?? (signal ? 1 : 0));
