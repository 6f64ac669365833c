// HS256 JWTs, as Supabase signs them with the project's JWT secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { JwtClaims } from './types';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`;
}

export type JwtFailure = 'invalid' | 'expired';
export type JwtResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure; message: string };

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Storage's signed-URL token: HS256 with the project's secret, claims {url, iat, exp} and no role,
 * verified as storage-api's jsonwebtoken does (its messages). `now` is in seconds.
 */
export function verifySignedUrlToken(
  token: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): { ok: true; url: string; exp: number } | { ok: false; message: string } {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, message: 'jwt malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  let headerJson: unknown;
  let claims: unknown;
  try {
    headerJson = decodeJson(header);
    claims = decodeJson(payload);
  } catch {
    return { ok: false, message: 'invalid token' };
  }
  if (!isRecord(headerJson) || headerJson.alg !== 'HS256') {
    return { ok: false, message: 'invalid algorithm' };
  }
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, message: 'invalid signature' };
  }
  if (!isRecord(claims) || typeof claims.url !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, message: 'invalid token' };
  }
  if (claims.exp <= now) return { ok: false, message: 'jwt expired' };
  return { ok: true, url: claims.url, exp: claims.exp };
}

/** Verifies signature, algorithm and expiry (which must be present). `now` is in seconds. */
export function verifyJwt(
  token: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return {
      ok: false,
      reason: 'invalid',
      message: `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts.length})`,
    };
  }
  const [header, payload, signature] = parts as [string, string, string];
  let headerJson: unknown;
  let claims: unknown;
  try {
    headerJson = decodeJson(header);
    claims = decodeJson(payload);
  } catch {
    return { ok: false, reason: 'invalid', message: 'JWSError (CompactDecodeError Invalid JSON)' };
  }
  if (!isRecord(headerJson) || headerJson.alg !== 'HS256') {
    return { ok: false, reason: 'invalid', message: 'JWSError JWSInvalidSignature' };
  }
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid', message: 'JWSError JWSInvalidSignature' };
  }
  if (!isRecord(claims) || typeof claims.role !== 'string') {
    return { ok: false, reason: 'invalid', message: 'JWT claims are missing a role' };
  }
  // A token without an expiry would be valid forever once leaked: every key and token Supabase
  // issues carries one (the CLI's demo keys until 2032), so one without is not ours.
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    return { ok: false, reason: 'invalid', message: 'JWT has no valid exp claim' };
  }
  if (claims.exp <= now) return { ok: false, reason: 'expired', message: 'JWT expired' };
  return { ok: true, claims: { ...claims, role: claims.role } };
}
