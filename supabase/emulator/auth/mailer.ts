// GoTrue's emailed links and codes: a six-digit code, its hash (sha224 of email + code, what the
// link carries and auth.users keeps in recovery_token or confirmation_token, mirrored in
// auth.one_time_tokens), the email rendered from config.toml's template or the default, and the
// send limits (one email per kind per user within max_frequency, email_sent per hour overall).
// The email goes to the local mail catcher, as the Supabase CLI's goes to Inbucket/Mailpit.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { escapeHtml } from '../local-services/pages';
import { deliverMail } from '../mail/store';
import type { EmailTemplateName } from '../project-config';
import type { ApiContext, Db, Tx } from '../types';
import { authError } from './http';
import type { UserRow } from './users';

export type EmailAction = 'recovery' | 'magiclink' | 'invite' | 'signup';

interface ActionSpec {
  template: EmailTemplateName;
  tokenColumn: 'recovery_token' | 'confirmation_token';
  sentAtColumn: 'recovery_sent_at' | 'confirmation_sent_at';
  /** Invitations are sent by an administrator and are not held back by max_frequency. */
  limited: boolean;
}

export const ACTIONS: Record<EmailAction, ActionSpec> = {
  recovery: {
    template: 'recovery',
    tokenColumn: 'recovery_token',
    sentAtColumn: 'recovery_sent_at',
    limited: true,
  },
  magiclink: {
    template: 'magic_link',
    tokenColumn: 'recovery_token',
    sentAtColumn: 'recovery_sent_at',
    limited: true,
  },
  invite: {
    template: 'invite',
    tokenColumn: 'confirmation_token',
    sentAtColumn: 'confirmation_sent_at',
    limited: false,
  },
  signup: {
    template: 'confirmation',
    tokenColumn: 'confirmation_token',
    sentAtColumn: 'confirmation_sent_at',
    limited: true,
  },
};

const DEFAULT_SUBJECTS: Record<EmailTemplateName, string> = {
  invite: "You've been invited",
  confirmation: 'Confirm your email address',
  recovery: 'Reset your password',
  magic_link: 'Your sign-in link',
};

const DEFAULT_BODIES: Record<EmailTemplateName, string> = {
  invite:
    '<h2>You have been invited</h2>\n<p>You have been invited to create an account. Follow this link to accept the invitation:</p>\n<p><a href="{{ .ConfirmationURL }}">Accept the invitation</a></p>',
  confirmation:
    '<h2>Confirm your email address</h2>\n<p>Follow this link to confirm your email address:</p>\n<p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>',
  recovery:
    '<h2>Reset your password</h2>\n<p>Follow this link to choose a new password:</p>\n<p><a href="{{ .ConfirmationURL }}">Reset your password</a></p>\n<p>If you did not ask for this, ignore this email.</p>',
  magic_link:
    '<h2>Your sign-in link</h2>\n<p>Follow this link to sign in. It works once.</p>\n<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>',
};

/** GoTrue's OTP: six decimal digits, zero-padded. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** GoTrue's GenerateTokenHash: what the link carries and the database keeps. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** The `{{ .Name }}` and `{{ .Data.key }}` fields of Go templates, which Supabase's use. */
export function renderTemplate(
  template: string,
  fields: Record<string, string>,
  data: Record<string, unknown>,
  escape: boolean,
): string {
  return template.replace(/\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g, (_, name, key) => {
    const value =
      name === 'Data' && typeof key === 'string' ? data[key] : key ? undefined : fields[name];
    if (value === undefined || value === null) return '';
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return escape ? escapeHtml(text) : text;
  });
}

/** GoTrue's encodeRedirectURL: escaped only when it would break the link's query string. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url) : url;
}

export function verifyLink(ctx: ApiContext, hash: string, type: EmailAction, redirectTo: string) {
  return `${ctx.config.publicUrl}/auth/v1/verify?token=${encodeURIComponent(hash)}&type=${type}&redirect_to=${encodeRedirect(redirectTo)}`;
}

/** Stores a new token of `action` for the user: auth.users and auth.one_time_tokens. */
export async function storeToken(
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email'>,
  action: EmailAction,
  hash: string,
): Promise<void> {
  const spec = ACTIONS[action];
  await tx.query(
    `update auth.users set ${spec.tokenColumn} = $2, ${spec.sentAtColumn} = now(),
       invited_at = case when $3::boolean then now() else invited_at end
     where id = $1::uuid`,
    [user.id, hash, action === 'invite'],
  );
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values ($1::uuid, $2::uuid, $3::auth.one_time_token_type, $4, $5)
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), user.id, spec.tokenColumn, hash, user.email],
  );
}

/** GoTrue's max_frequency: the same kind of email to the same user, too soon. */
async function checkFrequency(tx: Tx, ctx: ApiContext, userId: string, action: EmailAction) {
  const spec = ACTIONS[action];
  if (!spec.limited || ctx.config.authEmail.maxFrequencySeconds <= 0) return;
  const { rows } = await tx.query<{ left: number | null }>(
    `select extract(epoch from ${spec.sentAtColumn} + make_interval(secs => $2) - now())::float8 as left
     from auth.users where id = $1::uuid`,
    [userId, ctx.config.authEmail.maxFrequencySeconds],
  );
  const left = rows[0]?.left;
  if (left !== null && left !== undefined && left > 0) {
    throw authError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(left)} seconds.`,
    );
  }
}

// The project-wide hourly limit, in memory like GoTrue's limiter (a restart resets it).
const sentTimes = new WeakMap<Db, number[]>();

function takeHourlySlot(ctx: ApiContext): void {
  const limit = ctx.config.authEmail.emailsPerHour;
  if (limit === null) return;
  const now = Date.now();
  const recent = (sentTimes.get(ctx.db) ?? []).filter((t) => now - t < 3_600_000);
  if (recent.length >= limit) {
    sentTimes.set(ctx.db, recent);
    throw authError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
  recent.push(now);
  sentTimes.set(ctx.db, recent);
}

async function templateBody(ctx: ApiContext, name: EmailTemplateName): Promise<string> {
  const path = ctx.config.authEmail.templates[name].contentPath;
  return path ? readFile(path, 'utf8') : DEFAULT_BODIES[name];
}

/**
 * Sends `action`'s email to the user inside the caller's transaction: limits first, then the new
 * token, then the email (a failure rolls the token back).
 */
export async function sendAuthEmail(
  tx: Tx,
  ctx: ApiContext,
  user: Pick<UserRow, 'id' | 'email' | 'raw_user_meta_data'>,
  action: EmailAction,
  redirectTo: string,
): Promise<void> {
  await checkFrequency(tx, ctx, user.id, action);
  takeHourlySlot(ctx);
  const otp = newOtp();
  const hash = tokenHash(user.email, otp);
  await storeToken(tx, user, action, hash);
  const spec = ACTIONS[action];
  const fields = {
    SiteURL: ctx.config.siteUrl,
    ConfirmationURL: verifyLink(ctx, hash, action, redirectTo),
    Email: user.email,
    Token: otp,
    TokenHash: hash,
    RedirectTo: redirectTo,
  };
  const data = user.raw_user_meta_data ?? {};
  const { sender, templates } = ctx.config.authEmail;
  const subject = templates[spec.template].subject ?? DEFAULT_SUBJECTS[spec.template];
  await deliverMail(ctx, {
    from: `${sender.name} <${sender.email}>`,
    to: [user.email],
    cc: [],
    bcc: [],
    reply_to: [],
    subject: renderTemplate(subject, fields, data, false),
    html: renderTemplate(await templateBody(ctx, spec.template), fields, data, true),
    text: null,
    headers: {},
    tags: [{ name: 'auth_action', value: action }],
    sent_by: 'auth',
  });
}
