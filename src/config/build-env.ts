// The variables a production build must be given. src/config/env.ts falls back to the local
// emulator's addresses so that tests and `npm run dev` need nothing, but a production build that
// fell back would ship a site pointing at 127.0.0.1, whose every registration fails in the
// visitor's browser. vite.config.ts runs this check before a production build starts.
// `npm start`, the end-to-end build, the web bench and CI pass the local values explicitly.

export const REQUIRED_BUILD_VARIABLES = {
  VITE_SUPABASE_URL: 'the Supabase project URL',
  VITE_SUPABASE_ANON_KEY: "the project's anon (public) key",
  VITE_SITE_URL: "the site's public origin (canonical URLs, sitemap)",
  VITE_SPONSORSHIP_WEBHOOK_URL: 'where sponsorship enquiries are POSTed',
  VITE_REGISTRATION_WEBHOOK_URL: 'where rally registrations are POSTed',
  VITE_DEPOSIT_PAYMENT_URL: 'the card-payment page for the deposit',
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
export function buildEnvProblems(vars: Record<string, string | undefined>): string[] {
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
export function assertBuildEnv(vars: Record<string, string | undefined>): void {
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
