// Where the end-to-end servers run. Shared by playwright.config.ts, the fixtures and the specs
// (which talk to them), tests/e2e/build-site.ts and the bundle budget (which reads the build).
//
// One build of the site serves every worker. It is made against a seeded emulator on the base ports
// (E2E_SUPABASE_PORT, default 54329; E2E_SITE_PORT, default 4179), whose database is then kept as
// the template, and `vite preview` serves it on the base site port for the run. Each Playwright
// worker (TEST_PARALLEL_INDEX i) has an emulator of its own on base + 1 + i, on a copy of that
// template, and reaches the build through a proxy of its own on site base + 1 + i that writes the
// worker's two addresses where the build says the base ones (tests/e2e/worker-servers.ts). So a
// spec that moves the database's day or the current edition changes only its own worker's world.
// A helper running a second suite beside another moves both bases; a run of W workers uses the
// W + 1 ports from each base.
import { EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES } from '../../supabase/emulator';

const baseSupabasePort = Number(process.env.E2E_SUPABASE_PORT ?? 54329);
const baseSitePort = Number(process.env.E2E_SITE_PORT ?? 4179);

const origin = (port: number) => `http://127.0.0.1:${port}`;

/** The build, its template database and the one `vite preview` that serves it. */
export const build = {
  supabasePort: baseSupabasePort,
  sitePort: baseSitePort,
  emulatorUrl: origin(baseSupabasePort),
  siteUrl: origin(baseSitePort),
  /** The database the build was prerendered from: every worker starts on a copy of it. */
  dataDir: baseSupabasePort === 54329 ? '.data-e2e' : `.data-e2e-${baseSupabasePort}`,
  /** The site built for these ports (inside dist/, which every tool already ignores). */
  buildDir: `dist/e2e-${baseSitePort}`,
} as const;

/** This worker's slot; outside a worker (the config, the build), none. */
const slot =
  process.env.TEST_PARALLEL_INDEX === undefined ? null : Number(process.env.TEST_PARALLEL_INDEX);
const supabasePort = slot === null ? baseSupabasePort : baseSupabasePort + 1 + slot;
const sitePort = slot === null ? baseSitePort : baseSitePort + 1 + slot;

/** This worker's servers (in the config process, the build's). */
export const e2e = {
  supabasePort,
  sitePort,
  emulatorUrl: origin(supabasePort),
  siteUrl: origin(sitePort),
  /** This worker's database: a fresh copy of the template each time the worker starts. */
  dataDir: slot === null ? build.dataDir : `${build.dataDir}-worker-${slot}`,
  /** The build every worker is served (see `build`). */
  buildDir: build.buildDir,
  /**
   * The emulator database's day (SUPABASE_CLOCK): inside the seed's registration window, the day
   * the specs that register pin the browser to, so the server accepts what the page offers
   * whatever the real date.
   */
  clock: '2026-03-01',
  adminEmail: process.env.SUPABASE_ADMIN_EMAIL || 'admin@europerally.local',
  adminPassword: process.env.SUPABASE_ADMIN_PASSWORD || 'rally-admin-2026',
  /** The Supabase CLI's well-known local service_role key (signed with the demo JWT secret). */
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
} as const;

/** The emulator's environment: the seeded administrator and the pinned day. */
export const emulatorEnv = {
  SUPABASE_ADMIN_EMAIL: e2e.adminEmail,
  SUPABASE_ADMIN_PASSWORD: e2e.adminPassword,
  SUPABASE_CLOCK: e2e.clock,
  // Until the outbox's sender retries a 429 (issue 34), then Resend's 2 a second again.
  EMAIL_API_RATE_LIMIT: String(EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES),
};

/** scripts/e2e-site.mjs's arguments: build (unless E2E_SITE_BUILT=1) against a seeded emulator. */
export const siteArgs = [
  'scripts/e2e-site.mjs',
  '--supabase-url',
  build.emulatorUrl,
  '--site-port',
  String(build.sitePort),
  '--out-dir',
  build.buildDir,
  '--data-dir',
  build.dataDir,
];
