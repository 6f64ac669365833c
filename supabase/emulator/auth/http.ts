// GoTrue's response and error shapes, shared by the user-facing and the admin endpoints.
import { ApiError, type ApiRequest, type ApiResponse } from '../types';

export const API_VERSION_HEADER = { 'x-supabase-api-version': '2024-01-01' };

export function authError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, { code, message }, API_VERSION_HEADER);
}

export function json(status: number, body: unknown): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...API_VERSION_HEADER },
    body: JSON.stringify(body),
  };
}

export function parseBody(req: ApiRequest): Record<string, unknown> {
  if (req.body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(req.body.toString('utf8'));
  } catch {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** GoTrue's refusal of a bearer token that fails verification. */
export function badJwt(reason: 'invalid' | 'expired'): ApiError {
  const detail =
    reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
  return authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
}

/** GoTrue's weak_password refusal; `minLength` is config.toml's [auth] minimum_password_length. */
export function weakPassword(minLength: number): ApiError {
  return authError(422, 'weak_password', `Password should be at least ${minLength} characters.`);
}

export function checkPasswordLength(password: unknown, minLength: number): void {
  if (typeof password !== 'string' || password.length < minLength) throw weakPassword(minLength);
}

export function checkEmail(email: string): void {
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
}
