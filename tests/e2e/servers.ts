// Where the end-to-end servers run. Shared by playwright.config.ts (which starts them) and the
// fixtures (which talk to them). The contract ports are 54329 (emulator) and 4179 (site); a helper
// running a second suite beside another may move both with E2E_SUPABASE_PORT / E2E_SITE_PORT.

const supabasePort = Number(process.env.E2E_SUPABASE_PORT ?? 54329);
const sitePort = Number(process.env.E2E_SITE_PORT ?? 4179);

export const e2e = {
  supabasePort,
  sitePort,
  emulatorUrl: `http://127.0.0.1:${supabasePort}`,
  siteUrl: `http://127.0.0.1:${sitePort}`,
  /** A fresh database per run; the default ports keep the contract's `.data-e2e`. */
  dataDir: supabasePort === 54329 ? '.data-e2e' : `.data-e2e-${supabasePort}`,
  /** The site built for these ports (inside dist/, which every tool already ignores). */
  buildDir: `dist/e2e-${sitePort}`,
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
