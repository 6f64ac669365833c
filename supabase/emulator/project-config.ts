// What the emulator reads from supabase/config.toml, in one place: PostgREST's max_rows, GoTrue's
// sign-up switch, password length, refresh-token reuse interval, sign-in rate limit and captcha, the auth
// email settings (redirect allow-list, OTP expiry, send frequency and hourly limit, templates,
// sender) and each Edge Function's verify_jwt and secrets. Missing keys take the CLI's defaults
// (sign-up excepted: off unless config.toml turns it on), so a config.toml without them behaves
// like `supabase start`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

export type EmailTemplateName = 'invite' | 'confirmation' | 'recovery' | 'magic_link';

export interface EmailTemplateSetting {
  subject: string | null;
  /** Absolute path of the HTML template ([auth.email.template.<name>] content_path). */
  contentPath: string | null;
}

export interface AuthEmailConfig {
  /** [auth] site_url and additional_redirect_urls: where GoTrue may send a verified link. */
  redirectAllowList: string[];
  /** [auth.email] otp_expiry: how long an emailed link or code stays valid. */
  otpExpirySeconds: number;
  /** [auth.email] max_frequency: the least time between two emails of one kind to one user. */
  maxFrequencySeconds: number;
  /** [auth.rate_limit] email_sent: emails per hour for the whole project; null = no limit. */
  emailsPerHour: number | null;
  templates: Record<EmailTemplateName, EmailTemplateSetting>;
  /** [auth.email.smtp] admin_email and sender_name: the From of GoTrue's emails. */
  sender: { email: string; name: string };
}

/** [auth.captcha]: GoTrue asks for a captcha token before it sends an email or tries a password. */
export interface CaptchaConfig {
  enabled: boolean;
  provider: 'hcaptcha' | 'turnstile';
}

export interface FunctionsProjectConfig {
  /** [functions.<name>] verify_jwt; functions not listed verify (the platform's default). */
  verifyJwt: Record<string, boolean>;
  /** [edge_runtime.secrets], with env(NAME) resolved from the environment. */
  secrets: Record<string, string>;
}

export interface AuthProjectConfig {
  /** [auth] enable_signup; off when absent, so a missing file never opens sign-up. */
  enableSignup: boolean;
  /** [auth] minimum_password_length (GoTrue's default 6). */
  minPasswordLength: number;
  /** [auth] refresh_token_reuse_interval in seconds (GoTrue's default 10). */
  refreshTokenReuseSeconds: number;
  /** [auth.rate_limit] sign_in_sign_ups: per IP address in 5 minutes (Supabase's default 30). */
  signInsPerIp: number;
  /** [auth.captcha] enabled and provider (off when absent, as in the CLI). */
  captcha: CaptchaConfig;
}

export interface ProjectConfig {
  /** [api] max_rows: the most rows PostgREST returns for one request (the CLI's 1000). */
  maxRows: number;
  auth: AuthProjectConfig;
  authEmail: AuthEmailConfig;
  functions: FunctionsProjectConfig;
}

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Table)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A non-negative number setting, or the default when it is absent or not one. */
function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

const DURATION_UNITS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };

/** A Go duration as the CLI writes them ("1s", "1m30s"), in seconds. */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value.trim()) return fallback;
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * (DURATION_UNITS[unit ?? ''] ?? 0), 0);
}

/** The CLI's `env(NAME)` substitution. */
function resolveEnv(value: string, env: Record<string, string | undefined>): string {
  const match = /^env\((\w+)\)$/.exec(value.trim());
  return match ? (env[match[1] ?? ''] ?? '') : value;
}

export function parseProjectConfig(
  source: string,
  projectRoot: string,
  env: Record<string, string | undefined> = process.env,
): ProjectConfig {
  const root = table(parse(source));
  const api = table(root.api);
  const auth = table(root.auth);
  const email = table(auth.email);
  const smtp = table(email.smtp);
  const templateTables = table(email.template);
  const rateLimit = table(auth.rate_limit);
  const captcha = table(auth.captcha);
  const names: EmailTemplateName[] = ['invite', 'confirmation', 'recovery', 'magic_link'];
  const templates = Object.fromEntries(
    names.map((name) => {
      const setting = table(templateTables[name]);
      const contentPath = text(setting.content_path);
      return [
        name,
        {
          subject: text(setting.subject),
          // The CLI resolves content_path from the project folder (the one holding supabase/).
          contentPath: contentPath ? path.resolve(projectRoot, contentPath) : null,
        },
      ];
    }),
  ) as Record<EmailTemplateName, EmailTemplateSetting>;
  const redirects = Array.isArray(auth.additional_redirect_urls)
    ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string')
    : [];
  const siteUrl = text(auth.site_url);
  const verifyJwt: Record<string, boolean> = {};
  for (const [name, settings] of Object.entries(table(root.functions))) {
    const verify = table(settings).verify_jwt;
    if (typeof verify === 'boolean') verifyJwt[name] = verify;
  }
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(table(table(root.edge_runtime).secrets))) {
    if (typeof value === 'string') secrets[name] = resolveEnv(value, env);
  }
  return {
    maxRows: count(api.max_rows, 1000),
    auth: {
      enableSignup: auth.enable_signup === true,
      minPasswordLength: count(auth.minimum_password_length, 6),
      refreshTokenReuseSeconds: count(auth.refresh_token_reuse_interval, 10),
      signInsPerIp: count(rateLimit.sign_in_sign_ups, 30),
      captcha: {
        enabled: captcha.enabled === true,
        provider: captcha.provider === 'turnstile' ? 'turnstile' : 'hcaptcha',
      },
    },
    authEmail: {
      redirectAllowList: [...(siteUrl ? [siteUrl] : []), ...redirects],
      otpExpirySeconds: typeof email.otp_expiry === 'number' ? email.otp_expiry : 3600,
      maxFrequencySeconds: durationSeconds(email.max_frequency, 1),
      emailsPerHour: typeof rateLimit.email_sent === 'number' ? rateLimit.email_sent : null,
      templates,
      sender: {
        email: text(smtp.admin_email) ?? 'admin@email.com',
        name: text(smtp.sender_name) ?? 'Admin',
      },
    },
    functions: { verifyJwt, secrets },
  };
}

export function readProjectConfig(projectRoot: string, file?: string): ProjectConfig {
  const configFile = file ?? path.join(projectRoot, 'supabase/config.toml');
  let source = '';
  try {
    source = readFileSync(configFile, 'utf8');
  } catch {
    // No config.toml: the CLI's defaults.
  }
  return parseProjectConfig(source, projectRoot);
}
