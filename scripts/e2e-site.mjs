// The site for the end-to-end tests: a production build pointed at the test emulator, served by
// `vite preview`. Started by playwright.config.ts; E2E_SITE_BUILT=1 skips the build when
// scripts/test.sh has already made it with --build-only (the bundle-budget test reads that build).
//   node scripts/e2e-site.mjs [--build-only] --supabase-url http://127.0.0.1:54329 --site-port 4179 --out-dir dist/e2e-4179
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { siteBuildEnv } from './lib/local-env.mjs';

const { values } = parseArgs({
  options: {
    'supabase-url': { type: 'string', default: 'http://127.0.0.1:54329' },
    'site-port': { type: 'string', default: '4179' },
    'out-dir': { type: 'string', default: 'dist/e2e-4179' },
    'build-only': { type: 'boolean', default: false },
  },
});
const supabaseUrl = values['supabase-url'];
const sitePort = values['site-port'];
const outDir = values['out-dir'];
const siteUrl = `http://127.0.0.1:${sitePort}`;
const vite = 'node_modules/vite/bin/vite.js';

if (process.env.E2E_SITE_BUILT === '1' && existsSync(`${outDir}/index.html`)) {
  console.error(`e2e site: using the existing build in ${outDir}`);
} else {
  const built = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...siteBuildEnv(supabaseUrl, siteUrl),
      BUILD_OUT_DIR: outDir,
    },
  });
  if (built.status !== 0) {
    console.error(`e2e site: the build failed (exit ${built.status ?? built.signal})`);
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
