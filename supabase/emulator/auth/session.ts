// GoTrue's session answer: a signed access token with the user's claims, the refresh token and the
// user, as every grant and verification returns it. `method` is the token's amr (how they signed in).
import { signJwt } from '../jwt';
import type { ApiContext, Tx } from '../types';
import { findUserById, userJson, type UserRow } from './users';

export async function issueSession(
  tx: Tx,
  ctx: ApiContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: 'password' | 'otp' = 'password',
) {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ctx.config.jwtExpirySeconds;
  const claims = {
    iss: `${ctx.config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp: expiresAt,
    iat: now,
    email: user.email,
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method, timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  };
  const fresh = (await findUserById(tx, user.id)) ?? user;
  return {
    access_token: signJwt(claims, ctx.config.jwtSecret),
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(fresh),
  };
}
