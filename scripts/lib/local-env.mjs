// The SPA's build-time env for a given Supabase URL, when that URL is the local emulator: the
// same defaults as .env.example, shared by npm start, the e2e site and the web bench.

import localSupabase from '../../src/config/local-supabase.json' with { type: 'json' };

/** The Supabase CLI's well-known local anon key (signed with the demo JWT secret). */
export const anonKey = localSupabase.anonKey;

/** VITE_* variables pointing the SPA at the emulator and its local services. */
export function localServiceUrls(supabaseUrl) {
  return {
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_DONATE_URL: `${supabaseUrl}/local/donate`,
  };
}

/** The whole build-time env of a site served at siteUrl against the emulator at supabaseUrl. */
export function siteBuildEnv(supabaseUrl, siteUrl) {
  return {
    ...localServiceUrls(supabaseUrl),
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_SITE_URL: siteUrl,
  };
}
