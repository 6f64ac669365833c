// The SPA's configuration, read once from Vite's env and checked. Defaults are the local
// emulator's, so a fresh clone runs with no .env (see .env.example for every variable).

// The local stand-in's URL and the Supabase CLI's well-known local anon key, shared with the
// scripts that build and start the site (scripts/lib/local-env.mjs).
import localSupabase from './local-supabase.json';

const LOCAL_SUPABASE_URL = localSupabase.url;
const LOCAL_ANON_KEY = localSupabase.anonKey;

function readUrl(name: string, value: string | undefined, fallback: string): string {
  const raw = value && value.trim() !== '' ? value.trim() : fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
}

const vars = import.meta.env;
const supabaseUrl = readUrl('VITE_SUPABASE_URL', vars.VITE_SUPABASE_URL, LOCAL_SUPABASE_URL);

export const env = {
  supabaseUrl,
  supabaseAnonKey: vars.VITE_SUPABASE_ANON_KEY?.trim() || LOCAL_ANON_KEY,
  sponsorshipWebhookUrl: readUrl(
    'VITE_SPONSORSHIP_WEBHOOK_URL',
    vars.VITE_SPONSORSHIP_WEBHOOK_URL,
    `${supabaseUrl}/local/webhooks/sponsorship`,
  ),
  registrationWebhookUrl: readUrl(
    'VITE_REGISTRATION_WEBHOOK_URL',
    vars.VITE_REGISTRATION_WEBHOOK_URL,
    `${supabaseUrl}/local/webhooks/registration`,
  ),
  depositPaymentUrl: readUrl(
    'VITE_DEPOSIT_PAYMENT_URL',
    vars.VITE_DEPOSIT_PAYMENT_URL,
    `${supabaseUrl}/local/pay/deposit`,
  ),
  donateUrl: readUrl('VITE_DONATE_URL', vars.VITE_DONATE_URL, `${supabaseUrl}/local/donate`),
  siteUrl: readUrl('VITE_SITE_URL', vars.VITE_SITE_URL, 'http://localhost:5173'),
} as const;

export type Env = typeof env;
