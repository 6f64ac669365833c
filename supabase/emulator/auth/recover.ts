// GoTrue's emails a visitor asks for: POST /recover (supabase-js resetPasswordForEmail) and POST /otp
// with an email (signInWithOtp, a magic link). /recover answers 200 {} whether or not the address
// has an account, so it cannot be used to find accounts; /otp creates an account only when sign-up
// is enabled and the caller allows it.
import type { ApiContext, ApiRequest, ApiResponse } from '../types';
import { checkCaptcha } from './captcha';
import { authError, checkEmail, json, parseBody, stringField } from './http';
import { sendAuthEmail } from './mailer';
import { redirectParam, referrer } from './redirects';
import { findUserByEmail, insertUser, EMAIL_PROVIDER_METADATA } from './users';

function requestedEmail(body: Record<string, unknown>, missing: string): string {
  const email = stringField(body, 'email').toLowerCase();
  if (!email) throw authError(400, 'validation_failed', missing);
  checkEmail(email);
  return email;
}

export async function recover(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  checkCaptcha(req, body, ctx.config);
  const email = requestedEmail(body, 'Password recovery requires an email');
  const redirectTo = referrer(ctx.config, redirectParam(req));
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendAuthEmail(tx, ctx, user, 'recovery', redirectTo);
  });
  return json(200, {});
}

function metadata(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

export async function otp(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  checkCaptcha(req, body, ctx.config);
  if (stringField(body, 'phone')) {
    throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  if (!stringField(body, 'email')) {
    throw authError(400, 'validation_failed', 'One of email or phone must be set');
  }
  const email = requestedEmail(body, 'An email address is required');
  const createUser = body.create_user !== false;
  const redirectTo = referrer(ctx.config, redirectParam(req));
  await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createUser) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
      if (!ctx.config.enableSignup) {
        throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
      }
      // Addresses are confirmed on sign-up here (mailer_autoconfirm, as the emulator's /signup).
      const id = await insertUser(tx, {
        email,
        hash: null,
        emailConfirmed: true,
        appMetadata: EMAIL_PROVIDER_METADATA,
        userMetadata: metadata(body),
      });
      user = await findUserByEmail(tx, email);
      if (!user || user.id !== id) throw new Error('the new user vanished');
    }
    await sendAuthEmail(tx, ctx, user, 'magiclink', redirectTo);
  });
  return json(200, {});
}
