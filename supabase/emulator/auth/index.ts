// GoTrue's subset that supabase-js uses here: password and refresh-token grants, the user,
// logout with scopes, sign-up (refused while config disables it), the public settings, the admin
// API for users (admin.ts) and the emailed links: recovery and magic links (recover.ts),
// invitations and generated links (invite.ts), and their verification (verify.ts).
import { verifyJwt } from '../jwt';
import {
  ApiError,
  type ApiContext,
  type ApiHandler,
  type ApiRequest,
  type ApiResponse,
  type Tx,
} from '../types';
import { handleAdmin } from './admin';
import { checkCaptcha } from './captcha';
import {
  API_VERSION_HEADER,
  authError,
  badJwt,
  checkEmail,
  checkPasswordLength,
  json,
  parseBody,
  stringField,
} from './http';
import { generateLink, invite } from './invite';
import { otp, recover } from './recover';
import { issueSession } from './session';
import { failedSignIns, overRateLimit } from './sign-in-limit';
import {
  checkPassword,
  createSession,
  findUserByEmail,
  findUserById,
  hashPassword,
  newRefreshToken,
  upsertUser,
  userJson,
  type UserRow,
} from './users';
import { verifyGet, verifyPost } from './verify';

const INVALID_CREDENTIALS = 'Invalid login credentials';

async function passwordGrant(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  checkCaptcha(req, body, ctx.config);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = typeof body.password === 'string' ? body.password : '';
  if (email && phone) {
    throw authError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (!email && !phone) throw authError(400, 'validation_failed', 'missing email or phone');
  if (!email) throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const limits = failedSignIns(ctx);
  const ip = req.clientIp ?? '';
  const wait = limits.retryAfter(ip, email);
  if (wait > 0) throw overRateLimit(wait);
  limits.recordAttempt(ip, email);
  // bcrypt runs outside the transaction: PGlite has one connection, and a slow compare must not
  // hold up every other request. An unknown email is compared too, against a dummy hash.
  const user = await findUserByEmail(ctx.db, email);
  const valid = await checkPassword(password, user?.encrypted_password ?? null);
  if (!user || !valid) throw authError(400, 'invalid_credentials', INVALID_CREDENTIALS);
  limits.recordSuccess(ip, email);
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  if (user.banned_until && Date.parse(user.banned_until) > Date.now()) {
    throw authError(400, 'user_banned', 'User is banned');
  }
  return ctx.db.transaction(async (tx) => {
    const { sessionId, refreshToken } = await createSession(tx, user.id);
    return json(200, await issueSession(tx, ctx, user, sessionId, refreshToken));
  });
}

const REFRESH_TOKEN_NOT_FOUND = 'Invalid Refresh Token: Refresh Token Not Found';

/**
 * GoTrue's refresh grant with rotation. A rotated (revoked) token used again within
 * refresh_token_reuse_interval is a client that lost the answer: it gets the session's active
 * token back (or, for an older token, a new one). Used later, or once the session has no active
 * token, it is treated as stolen: every token of the session is revoked, that is committed, and
 * only then is refresh_token_already_used answered.
 */
async function refreshGrant(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const token = stringField(parseBody(req), 'refresh_token');
  if (!token) throw authError(400, 'validation_failed', 'refresh_token required');
  const outcome = await ctx.db.transaction(async (tx): Promise<ApiResponse | ApiError> => {
    const { rows } = await tx.query<{
      id: number;
      revoked: boolean;
      user_id: string;
      session_id: string | null;
      beyond_reuse: boolean;
    }>(
      `select id, revoked, user_id, session_id,
         updated_at + make_interval(secs => $2::int) < now() as beyond_reuse
       from auth.refresh_tokens where token = $1 for update`,
      [token, ctx.config.refreshTokenReuseSeconds],
    );
    const row = rows[0];
    if (!row || !row.session_id) {
      return authError(400, 'refresh_token_not_found', REFRESH_TOKEN_NOT_FOUND);
    }
    const user = await findUserById(tx, row.user_id);
    if (!user) return authError(400, 'refresh_token_not_found', REFRESH_TOKEN_NOT_FOUND);
    if (row.revoked) {
      const active = (
        await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens
           where session_id = $1::uuid and not revoked order by id desc limit 1`,
          [row.session_id],
        )
      ).rows[0];
      if (!active || row.beyond_reuse) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now()
           where session_id = $1::uuid and not revoked`,
          [row.session_id],
        );
        return authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      if (active.parent === token) {
        return json(200, await issueSession(tx, ctx, user, row.session_id, active.token));
      }
    }
    const next = newRefreshToken();
    // A token already revoked keeps its time: reusing it must not extend its reuse interval.
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked',
      [row.id],
    );
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
      [next, row.user_id, token, row.session_id],
    );
    await tx.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid',
      [row.session_id],
    );
    return json(200, await issueSession(tx, ctx, user, row.session_id, next));
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/** The signed-in user behind the bearer token, with its session checked like GoTrue does. */
async function requireUser(
  req: ApiRequest,
  ctx: ApiContext,
  tx: Tx,
): Promise<{ user: UserRow; sessionId: string | null }> {
  if (!req.token) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  const verified = verifyJwt(req.token, ctx.config.jwtSecret);
  if (!verified.ok) throw badJwt(verified.reason);
  const { sub, session_id: sessionId } = verified.claims;
  if (typeof sub !== 'string' || !sub)
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f-]{36}$/i.test(sub))
    throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(tx, sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (typeof sessionId === 'string' && sessionId) {
    const { rows } = await tx.query(
      'select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid',
      [
        /^[0-9a-f-]{36}$/i.test(sessionId) ? sessionId : '00000000-0000-0000-0000-000000000000',
        sub,
      ],
    );
    if (rows.length === 0) {
      throw authError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
    return { user, sessionId };
  }
  return { user, sessionId: null };
}

async function getUser(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  return ctx.db.transaction(async (tx) =>
    json(200, userJson((await requireUser(req, ctx, tx)).user)),
  );
}

async function updateUser(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  // The caller first: a new password costs ~80 ms of bcrypt, work only a signed-in user may ask for.
  await ctx.db.transaction((tx) => requireUser(req, ctx, tx));
  const newHash =
    typeof body.password === 'string' && body.password.length >= ctx.config.minPasswordLength
      ? await hashPassword(body.password)
      : null;
  return ctx.db.transaction(async (tx) => {
    const { user } = await requireUser(req, ctx, tx);
    if (body.email !== undefined || body.phone !== undefined) {
      throw authError(
        422,
        'validation_failed',
        'Changing the email or phone needs a mailer, which this server lacks',
      );
    }
    if (body.data !== undefined) {
      if (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data)) {
        throw authError(400, 'validation_failed', 'data must be an object');
      }
      await tx.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
           updated_at = now() where id = $1::uuid`,
        [user.id, JSON.stringify(body.data)],
      );
    }
    if (body.password !== undefined) {
      checkPasswordLength(body.password, ctx.config.minPasswordLength);
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid',
        [user.id, newHash],
      );
    }
    const updated = await findUserById(tx, user.id);
    return json(200, userJson(updated ?? user));
  });
}

async function logout(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const scope = req.url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  }
  await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(req, ctx, tx);
    if (scope === 'global' || !sessionId) {
      await tx.query('delete from auth.sessions where user_id = $1::uuid', [user.id]);
    } else if (scope === 'local') {
      await tx.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
    } else {
      await tx.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [
        user.id,
        sessionId,
      ]);
    }
  });
  return { status: 204, headers: { ...API_VERSION_HEADER } };
}

async function signup(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  checkCaptcha(req, body, ctx.config);
  if (!ctx.config.enableSignup)
    throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const email = stringField(body, 'email');
  const password = typeof body.password === 'string' ? body.password : '';
  checkEmail(email);
  checkPasswordLength(password, ctx.config.minPasswordLength);
  const exists = await ctx.db.transaction((tx) => findUserByEmail(tx, email));
  if (exists) throw authError(422, 'user_already_exists', 'User already registered');
  const data = body.data;
  const userMetadata =
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const id = await upsertUser(ctx.db, { email, password, admin: false, userMetadata });
  // No mailer locally: addresses are confirmed on sign-up (GoTrue's mailer_autoconfirm).
  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw new Error('the new user vanished');
    const { sessionId, refreshToken } = await createSession(tx, id);
    return json(200, await issueSession(tx, ctx, user, sessionId, refreshToken));
  });
}

function settings(ctx: ApiContext): ApiResponse {
  return json(200, {
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: !ctx.config.enableSignup,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export const handleAuth: ApiHandler = async (req, ctx) => {
  const path = req.path.replace(/\/+$/, '') || '/';
  if (req.method === 'POST' && path === '/admin/generate_link') return generateLink(req, ctx);
  if (path.startsWith('/admin/')) return handleAdmin(req, ctx, path);
  const route = `${req.method} ${path}`;
  switch (route) {
    case 'POST /token': {
      const grant = req.url.searchParams.get('grant_type');
      if (grant === 'password') return passwordGrant(req, ctx);
      if (grant === 'refresh_token') return refreshGrant(req, ctx);
      throw authError(400, 'validation_failed', 'unsupported_grant_type');
    }
    case 'GET /user':
      return getUser(req, ctx);
    case 'PUT /user':
      return updateUser(req, ctx);
    case 'POST /logout':
      return logout(req, ctx);
    case 'POST /signup':
      return signup(req, ctx);
    case 'POST /recover':
      return recover(req, ctx);
    case 'POST /otp':
      return otp(req, ctx);
    case 'GET /verify':
      return verifyGet(req, ctx);
    case 'POST /verify':
      return verifyPost(req, ctx);
    case 'POST /invite':
      return invite(req, ctx);
    case 'GET /settings':
      return settings(ctx);
    case 'GET /health':
      return json(200, {
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue subset of the local Supabase stand-in',
      });
    default:
      throw authError(404, 'not_found', 'Not Found');
  }
};
