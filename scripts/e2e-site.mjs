// The site for the end-to-end tests: a production build pointed at a seeded test emulator, served
// by `vite preview`. The emulator runs only while the site builds (the prerender reads the seed's
// content from it); its data folder is then the template every Playwright worker's emulator starts
// from (tests/e2e/servers.ts). Started by playwright.config.ts (arguments: servers.ts's siteArgs);
// with --build-only by tests/e2e/build-site.ts, which scripts/test.sh runs beside the unit tests;
// E2E_SITE_BUILT=1 then skips the build here (the bundle-budget test reads that build too).
// The emulator takes its administrator and day from the environment (SUPABASE_ADMIN_EMAIL,
// SUPABASE_ADMIN_PASSWORD, SUPABASE_CLOCK), as servers.ts's emulatorEnv sets them.
//   node scripts/e2e-site.mjs [--build-only] --supabase-url http://127.0.0.1:54329 --site-port 4179 --out-dir dist/e2e-4179 --data-dir .data-e2e
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { siteBuildEnv } from './lib/local-env.mjs';

const { values } = parseArgs({
  options: {
    'supabase-url': { type: 'string', default: 'http://127.0.0.1:54329' },
    'site-port': { type: 'string', default: '4179' },
    'out-dir': { type: 'string', default: 'dist/e2e-4179' },
    'data-dir': { type: 'string', default: '.data-e2e' },
    'build-only': { type: 'boolean', default: false },
  },
});
const supabaseUrl = values['supabase-url'];
const sitePort = values['site-port'];
const outDir = values['out-dir'];
const dataDir = values['data-dir'];
const siteUrl = `http://127.0.0.1:${sitePort}`;
const vite = 'node_modules/vite/bin/vite.js';

/** A new seeded database in dataDir, served on supabaseUrl's port until stop() is called. */
async function startEmulator() {
  const port = new URL(supabaseUrl).port;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'supabase/emulator/main.ts',
      'serve',
      '--port',
      port,
      '--data-dir',
      dataDir,
      '--reset',
      '--site-url',
      siteUrl,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('Supabase emulator ready on')) resolve(undefined);
    });
    exited.then((code) => reject(new Error(`e2e site: the emulator exited (${code})`)));
  });
  return async () => {
    child.kill('SIGTERM');
    if ((await exited) !== 0) throw new Error('e2e site: the emulator did not stop cleanly');
  };
}

const built = existsSync(`${outDir}/index.html`) && existsSync(dataDir);
if (process.env.E2E_SITE_BUILT === '1' && built) {
  console.error(`e2e site: using the existing build in ${outDir} and the database in ${dataDir}`);
} else {
  const stopEmulator = await startEmulator();
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...siteBuildEnv(supabaseUrl, siteUrl),
      BUILD_OUT_DIR: outDir,
    },
  });
  await stopEmulator();
  if (build.status !== 0) {
    console.error(`e2e site: the build failed (exit ${build.status ?? build.signal})`);
    process.exit(1);
  }
}
if (values['build-only']) process.exit(0);

const preview = spawn(
  process.execPath,
  [vite, 'preview', '--outDir', outDir, '--port', sitePort, '--strictPort', '--host', '127.0.0.1'],
  { stdio: 'inherit', env: { ...process.env, BUILD_OUT_DIR: outDir } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => preview.kill(signal));
preview.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
