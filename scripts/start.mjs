// `npm start` and `npm run dev`: the local Supabase stand-in, then the site once it is ready.
//   npm start       production build served by `vite preview`
//   npm run dev     Vite dev server with hot reload
// Ports and folders come from the environment or .env (SUPABASE_PORT, SUPABASE_HOST,
// SUPABASE_DATA_DIR, PORT, SITE_URL); Ctrl-C stops both servers.
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { anonKey, localServiceUrls } from './lib/local-env.mjs';
import {
  emulatorArgs,
  portFree,
  signalGroup,
  spawnGroup,
  viteCli,
  waitForLine,
} from './lib/processes.mjs';

const dev = process.argv.includes('--dev');
const SITE_REBUILD_LINE = 'Site rebuild requested through the local build hook';
// Variables already in the environment win over .env, as with Vite.
if (existsSync('.env')) process.loadEnvFile('.env');

const env = (name, fallback) => process.env[name]?.trim() || fallback;
const supabaseHost = env('SUPABASE_HOST', '127.0.0.1');
const supabasePort = Number(env('SUPABASE_PORT', '54321'));
const dataDir = env('SUPABASE_DATA_DIR', '.data');
const sitePort = Number(env('PORT', '5173'));
const siteUrl = env('SITE_URL', `http://localhost:${sitePort}`);
const supabaseUrl = `http://${supabaseHost}:${supabasePort}`;
const adminEmail = env('SUPABASE_ADMIN_EMAIL', 'admin@europerally.local');
const adminPassword = env('SUPABASE_ADMIN_PASSWORD', 'rally-admin-2026');
// The folder the build writes and `vite preview` serves (vite.config.ts reads the same variable).
const siteDir = env('BUILD_OUT_DIR', 'dist');

const children = new Set();
let stopping = false;

function fail(message) {
  console.error(`\nnpm ${dev ? 'run dev' : 'start'}: ${message}`);
  stop(1);
}

/** Starts a child with prefixed output. A server must keep running; a one-shot step must exit 0. */
function launch(name, command, args, { extraEnv = {}, oneShot = false, onLine } = {}) {
  const child = spawnGroup(command, args, {
    env: { ...process.env, ...extraEnv },
    onLine: (line, stream) => {
      (stream === 'stderr' ? process.stderr : process.stdout).write(`[${name}] ${line}\n`);
      onLine?.(line);
    },
  });
  children.add(child);
  child.on('error', (error) => fail(`could not start ${name}: ${error.message}`));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
    } else if (!oneShot || code !== 0) {
      fail(
        `${name} ${oneShot ? 'failed' : 'stopped unexpectedly'} (${signal ?? `exit code ${code}`})`,
      );
    }
  });
  return child;
}

const finished = (child) =>
  new Promise((resolve) => child.on('exit', (code) => code === 0 && resolve()));

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children) signalGroup(child, 'SIGTERM');
  // A child that ignores SIGTERM must not keep the terminal.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(code || 1);
  }, 8000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

async function main() {
  for (const [what, port, host, variable] of [
    ['the local Supabase stand-in', supabasePort, supabaseHost, 'SUPABASE_PORT'],
    ['the site', sitePort, '127.0.0.1', 'PORT'],
  ]) {
    if (!(await portFree(port, host))) {
      return fail(
        `port ${port} (${what}) is already in use on ${host}. Stop whatever uses it ` +
          `(another npm start?) or choose another port, e.g. ${variable}=${port + 10} npm start`,
      );
    }
  }

  const siteEnv = {
    ...Object.fromEntries(
      Object.entries(localServiceUrls(supabaseUrl)).filter(([name]) => !process.env[name]),
    ),
    VITE_SUPABASE_ANON_KEY: env('VITE_SUPABASE_ANON_KEY', anonKey),
    VITE_SITE_URL: env('VITE_SITE_URL', siteUrl),
  };

  // The local build hook (the emulator's default SITE_BUILD_HOOK_URL) prerenders the site again,
  // as a static host's hook rebuilds it: built beside the served folder (siteDir), then copied
  // over it, so the site never goes missing while it builds. One build at a time; a call during
  // one runs one more after it. `npm run dev` renders live and needs none.
  let rebuilding = false;
  let rebuildWanted = false;
  const rebuildSite = () => {
    if (dev || stopping) return;
    if (rebuilding) {
      rebuildWanted = true;
      return;
    }
    rebuilding = true;
    // Inside the project, whatever SUPABASE_DATA_DIR is: the build's server bundle imports vite
    // and React from node_modules, which Node finds only from a folder inside the project.
    const staging = path.join('dist', `.rebuild-${sitePort}`);
    const build = spawnGroup('npm', ['run', 'build'], {
      env: { ...process.env, ...siteEnv, BUILD_OUT_DIR: staging },
      onLine: (line, stream) =>
        (stream === 'stderr' ? process.stderr : process.stdout).write(`[rebuild] ${line}\n`),
    });
    children.add(build);
    build.on('exit', (code) => {
      children.delete(build);
      if (stopping) return;
      if (code === 0) {
        cpSync(staging, siteDir, { recursive: true, force: true });
        console.log('[rebuild] the site is prerendered again with the latest content');
      } else {
        console.error(`[rebuild] failed (exit code ${code}); the site keeps its last build`);
      }
      rebuilding = false;
      if (rebuildWanted) {
        rebuildWanted = false;
        rebuildSite();
      }
    });
  };

  const emulator = launch(
    'supabase',
    process.execPath,
    emulatorArgs({ port: supabasePort, host: supabaseHost, dataDir, siteUrl }),
    // supabase/emulator/local-services/site-rebuild.ts's SITE_REBUILD_LINE.
    { onLine: (line) => line.includes(SITE_REBUILD_LINE) && rebuildSite() },
  );
  await waitForLine(emulator, /Supabase emulator ready on/, 'the local Supabase stand-in');

  const viteArgs = ['--port', String(sitePort), '--strictPort', '--host', '127.0.0.1'];
  if (!dev) {
    // `npm run build`, not `vite build`: the build script may do more than Vite (prerendering).
    await finished(launch('build', 'npm', ['run', 'build'], { extraEnv: siteEnv, oneShot: true }));
  }
  const site = launch(
    'site',
    process.execPath,
    dev ? [viteCli, ...viteArgs] : [viteCli, 'preview', ...viteArgs],
    { extraEnv: siteEnv },
  );
  await waitForLine(site, /Local:/, 'the site');

  const siteSupabaseUrl = process.env.VITE_SUPABASE_URL || supabaseUrl;
  console.log(
    [
      '',
      `  The Europe Rally site is running (${dev ? 'dev server with hot reload' : 'production build'})`,
      '',
      `  Site:              http://localhost:${sitePort}`,
      `  Local Supabase:    ${supabaseUrl}   (data in ${dataDir}/)`,
      `  Local mail:        ${supabaseUrl}/local/mail   (every email the stack sends)`,
      `  Admin sign-in:     http://localhost:${sitePort}/admin/login`,
      `                     ${adminEmail} / ${adminPassword}`,
      siteSupabaseUrl === supabaseUrl
        ? ''
        : `  Note: the site talks to VITE_SUPABASE_URL=${siteSupabaseUrl} (from your env or .env).\n`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
