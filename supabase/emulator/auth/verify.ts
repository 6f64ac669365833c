// GoTrue's /verify, where an emailed link or code becomes a session:
//   GET  /verify?token=<hash>&type=recovery|invite|magiclink|signup&redirect_to=<url>
//        303 to redirect_to with the session in the fragment (the implicit flow), or with
//        #error=...&error_code=...&error_description=... when the link is bad or expired;
//   POST /verify {type, token_hash} or {type, email, token}  (supabase-js verifyOtp)
//        the session as JSON.
// Tokens work once (verifying clears them) and expire after config.toml's otp_expiry.
import { randomBytes } from 'node:crypto';
import { ApiError, type ApiContext, type ApiRequest, type ApiResponse, type Tx } from '../types';
import { authError, checkEmail, json, parseBody, stringField } from './http';
import { ACTIONS, tokenHash, type EmailAction } from './mailer';
import { redirectParam, referrer } from './redirects';
import { issueSession } from './session';
import { failedSignIns, overRateLimit } from './sign-in-limit';
import { createSession, findUserByEmail, findUserById, hashPassword, type UserRow } from './users';

type VerifyType = EmailAction | 'email';

function verifyType(value: string): VerifyType | null {
  return value === 'email' || value in ACTIONS ? (value as VerifyType) : null;
}

const LINK_INVALID = 'Email link is invalid or has expired';
const TOKEN_INVALID = 'Token has expired or is invalid';

interface Match {
  user: UserRow;
  /** `email` resolves to the kind of token it matched. */
  action: EmailAction;
}

/** The user whose live token of `type` has this hash; expired and used tokens find nobody. */
async function findByHash(
  tx: Tx,
  ctx: ApiContext,
  type: VerifyType,
  hash: string,
  email: string | null,
): Promise<Match | null> {
  const kinds: EmailAction[] = type === 'email' ? ['signup', 'magiclink'] : [type];
  for (const action of kinds) {
    const spec = ACTIONS[action];
    const { rows } = await tx.query<{ id: string }>(
      `select id from auth.users
       where ${spec.tokenColumn} = $1 and ${spec.tokenColumn} <> ''
         and ${spec.sentAtColumn} + make_interval(secs => $2) > now()
         and ($3::text is null or lower(email) = lower($3)) and deleted_at is null
       for update`,
      [hash, ctx.config.authEmail.otpExpirySeconds, email],
    );
    const id = rows[0]?.id;
    const user = id ? await findUserById(tx, id) : null;
    if (user) return { user, action };
  }
  return null;
}

/**
 * An invited user has no password yet: GoTrue sets an unguessable one, and the app asks them to
 * choose theirs (PUT /user) with the session the verification gives. Hashed outside the
 * transaction (bcrypt must not hold PGlite's one connection), and only once `lookup` has found a
 * live invitation without a password: a guessed token costs no bcrypt work (~80 ms of CPU).
 */
async function invitePlaceholder(
  ctx: ApiContext,
  type: VerifyType,
  lookup: (tx: Tx) => Promise<Match | null>,
): Promise<string | null> {
  if (type !== 'invite') return null;
  const match = await ctx.db.transaction(lookup);
  if (!match || match.user.encrypted_password) return null;
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** Spends the token and applies what it proves: an address confirmed, an invitation accepted. */
async function consume(tx: Tx, { user, action }: Match, placeholder: string | null): Promise<void> {
  const spec = ACTIONS[action];
  await tx.query(`update auth.users set ${spec.tokenColumn} = '' where id = $1::uuid`, [user.id]);
  await tx.query('delete from auth.one_time_tokens where user_id = $1::uuid', [user.id]);
  if (action === 'invite' && placeholder) {
    await tx.query(
      `update auth.users set encrypted_password = $2
       where id = $1::uuid and coalesce(encrypted_password, '') = ''`,
      [user.id, placeholder],
    );
  }
  if (!user.email_confirmed_at) {
    await tx.query(
      `update auth.users set email_confirmed_at = now(), confirmation_token = '',
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
       where id = $1::uuid`,
      [user.id],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
       where user_id = $1::uuid and provider = 'email'`,
      [user.id],
    );
  }
  await tx.query('update auth.users set updated_at = now() where id = $1::uuid', [user.id]);
}

async function verified(tx: Tx, ctx: ApiContext, match: Match, placeholder: string | null) {
  if (match.user.banned_until && Date.parse(match.user.banned_until) > Date.now()) {
    throw authError(403, 'user_banned', 'User is banned');
  }
  await consume(tx, match, placeholder);
  const { sessionId, refreshToken } = await createSession(tx, match.user.id);
  const user = (await findUserById(tx, match.user.id)) ?? match.user;
  return issueSession(tx, ctx, user, sessionId, refreshToken, 'otp');
}

/**
 * A wrong code or link counts as a failed sign-in (sign-in-limit.ts), per address and, for a code,
 * per email: six digits would otherwise fall to a million requests well within otp_expiry, and a
 * link's hash is sha224(email + code), as guessable by whoever knows the address.
 */
async function limitedVerify<T>(
  req: ApiRequest,
  ctx: ApiContext,
  email: string | null,
  verify: () => Promise<T>,
): Promise<T> {
  const limits = failedSignIns(ctx);
  const ip = req.clientIp ?? '';
  const wait = limits.retryAfter(ip, email);
  if (wait > 0) throw overRateLimit(wait);
  limits.recordAttempt(ip, email);
  const result = await verify();
  limits.recordSuccess(ip, email);
  return result;
}

export async function verifyPost(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const typeName = stringField(body, 'type');
  if (!typeName) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  const token = stringField(body, 'token');
  const hash = stringField(body, 'token_hash');
  if ((token === '') === (hash === '')) {
    throw authError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  let email: string | null = null;
  if (token) {
    email = stringField(body, 'email').toLowerCase();
    if (stringField(body, 'phone') || !email) {
      throw authError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      checkEmail(email);
    } catch {
      throw authError(422, 'validation_failed', 'Invalid email format');
    }
  } else if (
    stringField(body, 'email') ||
    stringField(body, 'phone') ||
    stringField(body, 'redirect_to')
  ) {
    throw authError(400, 'validation_failed', 'Only the token_hash and type should be provided');
  }
  const type = verifyType(typeName);
  if (!type) throw authError(400, 'validation_failed', 'Unsupported verification type');
  const lookup = (tx: Tx) =>
    findByHash(tx, ctx, type, email ? tokenHash(email, token) : hash, email);
  const session = await limitedVerify(req, ctx, email, async () => {
    const placeholder = await invitePlaceholder(ctx, type, lookup);
    return ctx.db.transaction(async (tx) => {
      if (email !== null && !(await findUserByEmail(tx, email))) {
        throw authError(403, 'otp_expired', TOKEN_INVALID);
      }
      const match = await lookup(tx);
      if (!match) throw authError(403, 'otp_expired', email ? TOKEN_INVALID : LINK_INVALID);
      return verified(tx, ctx, match, placeholder);
    });
  });
  return json(200, session);
}

/** GoTrue's oauthErrorMap for the `error` of a redirect. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

function redirect(location: string): ApiResponse {
  return { status: 303, headers: { location, 'cache-control': 'no-store' } };
}

/** Go's url.Values.Encode: keys sorted, spaces as +. */
function fragment(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(values).sort()) params.set(key, values[key] ?? '');
  return params.toString();
}

export async function verifyGet(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const typeName = req.url.searchParams.get('type') ?? '';
  const token = req.url.searchParams.get('token') ?? '';
  if (!typeName) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  if (!token) throw authError(400, 'validation_failed', 'Verify requires a token or a token hash');
  const redirectTo = referrer(ctx.config, redirectParam(req));
  try {
    const type = verifyType(typeName);
    if (!type || type === 'email') {
      throw authError(400, 'validation_failed', 'Invalid email verification type');
    }
    const lookup = (tx: Tx) => findByHash(tx, ctx, type, token, null);
    const session = await limitedVerify(req, ctx, null, async () => {
      const placeholder = await invitePlaceholder(ctx, type, lookup);
      return ctx.db.transaction(async (tx) => {
        const match = await lookup(tx);
        if (!match) throw authError(403, 'otp_expired', LINK_INVALID);
        return verified(tx, ctx, match, placeholder);
      });
    });
    return redirect(
      `${redirectTo}#${fragment({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type: typeName,
      })}`,
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const values: Record<string, string> = {
      error_code: String(err.body.code ?? ''),
      error_description: err.message,
      sb: '',
    };
    const oauth = OAUTH_ERRORS[err.status];
    if (oauth) values.error = oauth;
    return redirect(`${redirectTo.split('#')[0] ?? redirectTo}#${fragment(values)}`);
  }
}
