// The site's public configuration: the VITE_ variables Vite builds into the public files, read
// with the local emulator's values as defaults (so tests and `npm run dev` need no .env), and the
// check a production build must pass. A production build that fell back to the defaults would
// ship a site pointing at 127.0.0.1, whose every registration fails in the visitor's browser, so
// vite.config.ts runs assertBuildEnv before one starts; `npm start`, the end-to-end build, the
// web bench and CI pass the local values explicitly. Plain TypeScript without import.meta, so the
// build's own scripts (build/write-headers.ts) read the configuration exactly as the SPA does.

// The local stand-in's URL and the Supabase CLI's well-known local anon key, shared with the
// scripts that build and start the site (scripts/lib/local-env.mjs).
import localSupabase from './local-supabase.json';

const LOCAL_SUPABASE_URL = localSupabase.url;
const LOCAL_ANON_KEY = localSupabase.anonKey;

export type BuildVars = Record<string, string | undefined>;

function readUrl(name: string, value: string | undefined, fallback: string): string {
  const raw = value && value.trim() !== '' ? value.trim() : fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
}

/** The SPA's configuration from the VITE_ variables, each missing one at its local default. */
export function publicConfig(vars: BuildVars) {
  const supabaseUrl = readUrl('VITE_SUPABASE_URL', vars.VITE_SUPABASE_URL, LOCAL_SUPABASE_URL);
  return {
    supabaseUrl,
    supabaseAnonKey: vars.VITE_SUPABASE_ANON_KEY?.trim() || LOCAL_ANON_KEY,
    donateUrl: readUrl('VITE_DONATE_URL', vars.VITE_DONATE_URL, `${supabaseUrl}/local/donate`),
    siteUrl: readUrl('VITE_SITE_URL', vars.VITE_SITE_URL, 'http://localhost:5173'),
  } as const;
}

export type PublicConfig = ReturnType<typeof publicConfig>;

export const REQUIRED_BUILD_VARIABLES = {
  VITE_SUPABASE_URL: 'the Supabase project URL',
  VITE_SUPABASE_ANON_KEY: "the project's anon (public) key",
  VITE_SITE_URL: "the site's public origin (canonical URLs, sitemap)",
  VITE_DONATE_URL: "the charity's giving page",
} as const;

export type BuildVariable = keyof typeof REQUIRED_BUILD_VARIABLES;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What is wrong with these variables for a production build, one line each (none when fine). */
export function buildEnvProblems(vars: BuildVars): string[] {
  const problems: string[] = [];
  for (const [name, meaning] of Object.entries(REQUIRED_BUILD_VARIABLES)) {
    const value = vars[name]?.trim();
    if (!value) problems.push(`${name} is not set (${meaning})`);
    else if (name.endsWith('_URL') && !isWebUrl(value))
      problems.push(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  return problems;
}

/** Throws one message naming every missing or malformed variable and how to set them. */
export function assertBuildEnv(vars: BuildVars): void {
  const problems = buildEnvProblems(vars);
  if (problems.length === 0) return;
  const message = [
    'A production build needs the site’s public configuration, and it is incomplete:',
    ...problems.map((problem) => `  - ${problem}`),
    'Set them in .env or in the environment (.env.example lists each one, with the local',
    "emulator's values: `cp .env.example .env` builds a site for `npm run emulator`).",
  ].join('\n');
  throw new Error(message);
}
