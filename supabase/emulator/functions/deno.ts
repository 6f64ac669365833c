// How an Edge Function's Deno process is started: the binary the `deno` npm package installs (in
// node_modules/deno, or its @deno/<platform> package), the permissions and flags, and the env
// Supabase gives functions. Deno's own cache (npm: packages) is <project>/.cache/deno, filled on
// the first start of a function that imports from npm and reused after.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { PROJECT_ROOT } from '../config';
import type { EmulatorConfig } from '../types';

/** The test-mode payment page signs its events with this unless the secrets name another. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_test_mode';

/** The secret key the functions get locally, which the Stripe stand-in takes (unless overridden). */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stand_in';

export const DENO_DIR = path.join(PROJECT_ROOT, '.cache', 'deno');
const BOOTSTRAP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.ts');

let binary: string | null = null;

/** DENO_BINARY, else the executable of the `deno` npm package (its own installer finds it). */
export function denoBinary(): string {
  const override = process.env.DENO_BINARY?.trim();
  if (override) return override;
  if (!binary) {
    const require = createRequire(import.meta.url);
    const installer = require('deno/install_api.cjs') as { runInstall(): string };
    binary = installer.runInstall();
  }
  return binary;
}

export function functionEntry(config: EmulatorConfig, name: string): string {
  return path.join(config.functions.dir, name, 'index.ts');
}

/** supabase/functions/.env, as `supabase functions serve` reads it; SUPABASE_* names are reserved. */
function dotEnv(dir: string): Record<string, string> {
  const file = path.join(dir, '.env');
  if (!existsSync(file)) return {};
  const values = parseEnv(readFileSync(file, 'utf8'));
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !entry[0].startsWith('SUPABASE_'),
    ),
  );
}

/** What Supabase gives every function, then the project's secrets (.env, config.toml, options). */
export function functionEnv(config: EmulatorConfig): Record<string, string> {
  return {
    SUPABASE_URL: config.publicUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    ...(config.functions.databaseUrl ? { SUPABASE_DB_URL: config.functions.databaseUrl } : {}),
    // The mail catcher's Resend-compatible API, unless the project's secrets name a real one.
    EMAIL_API_URL: `${config.publicUrl}/local/mail/api`,
    EMAIL_API_KEY: config.emailApiKey,
    // The product's functions (supabase/functions): the local webhook receivers, the test-mode
    // payment page's signing secret, the local build hook and the site, unless the project's secrets name real ones.
    REGISTRATION_WEBHOOK_URL: `${config.publicUrl}/local/webhooks/registration`,
    SPONSORSHIP_WEBHOOK_URL: `${config.publicUrl}/local/webhooks/sponsorship`,
    SITE_BUILD_HOOK_URL: `${config.publicUrl}/local/site-rebuild`,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    // The emulator's Stripe stand-in (stripe/api.ts) and the test key it takes. Hosted, neither
    // URL is set, so the functions' stripe client calls Stripe with the real STRIPE_SECRET_KEY.
    STRIPE_API_URL: config.publicUrl,
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    SITE_URL: config.siteUrl,
    ...dotEnv(config.functions.dir),
    ...config.functions.secrets,
  };
}

// Deno itself needs these to reach the npm registry (proxies, a private registry, extra CAs).
const PASSED_THROUGH = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

export interface DenoCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export function denoCommand(config: EmulatorConfig, name: string): DenoCommand {
  const dir = path.join(config.functions.dir, name);
  const ownConfig = ['deno.json', 'deno.jsonc'].map((f) => path.join(dir, f)).find(existsSync);
  const passed = Object.fromEntries(
    PASSED_THROUGH.flatMap((key) => (process.env[key] ? [[key, process.env[key] ?? '']] : [])),
  );
  return {
    command: denoBinary(),
    args: [
      'run',
      '--quiet',
      '--no-prompt',
      // What the hosted runtime allows a function: the network, env, reading its files, temp files.
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      `--allow-write=${os.tmpdir()}`,
      '--node-modules-dir=none',
      ...(ownConfig ? ['--config', ownConfig] : ['--no-config']),
      ...(existsSync(path.join(dir, 'deno.lock')) ? [] : ['--no-lock']),
      BOOTSTRAP,
      pathToFileURL(functionEntry(config, name)).href,
    ],
    env: {
      ...passed,
      ...functionEnv(config),
      DENO_DIR,
      // The project's package.json is Node's, not the function's.
      DENO_NO_PACKAGE_JSON: '1',
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    },
    cwd: dir,
  };
}
