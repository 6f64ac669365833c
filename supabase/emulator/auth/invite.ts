// GoTrue's links an administrator asks for (service role key only):
//   POST /invite {email, data}            supabase-js auth.admin.inviteUserByEmail: creates the user
//                                         (no password, unconfirmed, invited_at) and emails the link;
//   POST /admin/generate_link {type, email, password?, data?}
//                                         auth.admin.generateLink: the same link, answered instead of
//                                         emailed (tests, tooling), with its code and hash.
import type { ApiContext, ApiRequest, ApiResponse, Tx } from '../types';
import { requireServiceRole } from './admin';
import { authError, checkEmail, checkPasswordLength, json, parseBody, stringField } from './http';
import {
  newOtp,
  sendAuthEmail,
  storeToken,
  tokenHash,
  verifyLink,
  type EmailAction,
} from './mailer';
import { redirectParam, referrer } from './redirects';
import {
  EMAIL_PROVIDER_METADATA,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  userJson,
  type UserRow,
} from './users';

const EMAIL_EXISTS = 'A user with this email address has already been registered';

function validEmail(body: Record<string, unknown>): string {
  const email = stringField(body, 'email').toLowerCase();
  if (!email) throw authError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255) throw authError(400, 'validation_failed', 'An email address is too long');
  checkEmail(email);
  return email;
}

function metadata(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/** A new email user without a confirmed address, as GoTrue's invite and generate_link make them. */
async function newUser(
  tx: Tx,
  email: string,
  hash: string | null,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const id = await insertUser(tx, {
    email,
    hash,
    emailConfirmed: false,
    appMetadata: EMAIL_PROVIDER_METADATA,
    userMetadata: data,
  });
  const user = await findUserById(tx, id);
  if (!user) throw new Error('the new user vanished');
  return user;
}

export async function invite(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  requireServiceRole(req);
  const body = parseBody(req);
  const email = validEmail(body);
  const redirectTo = referrer(ctx.config, redirectParam(req));
  const user = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) throw authError(422, 'email_exists', EMAIL_EXISTS);
    const invited = existing ?? (await newUser(tx, email, null, metadata(body)));
    await sendAuthEmail(tx, ctx, invited, 'invite', redirectTo);
    return (await findUserById(tx, invited.id)) ?? invited;
  });
  return json(200, userJson(user));
}

const LINK_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery']);

export async function generateLink(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  requireServiceRole(req);
  const body = parseBody(req);
  const email = validEmail(body);
  let type = stringField(body, 'type');
  if (type === 'email_change_current' || type === 'email_change_new') {
    throw authError(
      422,
      'validation_failed',
      'Changing the email needs a mailer, which this server lacks',
    );
  }
  if (!LINK_TYPES.has(type)) {
    throw authError(400, 'validation_failed', `Invalid email action link type requested: ${type}`);
  }
  const redirectTo = referrer(ctx.config, redirectParam(req), stringField(body, 'redirect_to'));
  const password = typeof body.password === 'string' ? body.password : '';
  // The caller is the service role (checked above) before any bcrypt work is done for it.
  if (type === 'signup' && password) checkPasswordLength(password, ctx.config.minPasswordLength);
  const passwordHash = type === 'signup' && password ? await hashPassword(password) : null;
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  const result = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (type === 'recovery') {
        throw authError(404, 'user_not_found', 'User with this email not found');
      }
      // A magic link for an unknown address signs them up, as GoTrue does.
      if (type === 'magiclink') type = 'signup';
      user = await newUser(tx, email, passwordHash, metadata(body));
    } else if ((type === 'invite' || type === 'signup') && user.email_confirmed_at) {
      throw authError(422, 'email_exists', EMAIL_EXISTS);
    }
    const action = type as EmailAction;
    await storeToken(tx, user, action, hash);
    return { user: (await findUserById(tx, user.id)) ?? user, action };
  });
  return json(200, {
    ...userJson(result.user),
    action_link: verifyLink(ctx, hash, result.action, redirectTo),
    email_otp: otp,
    hashed_token: hash,
    verification_type: result.action,
    redirect_to: redirectTo,
  });
}
