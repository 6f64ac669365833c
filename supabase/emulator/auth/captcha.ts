// GoTrue's captcha guard ([auth.captcha] in config.toml; hosted: Authentication → Attack
// Protection). With it on, every request that can send an email or try a password (/recover,
// /otp, /signup and the password grant) must carry the widget's token in
// `gotrue_meta_security.captcha_token` (supabase-js's `captchaToken` option), or it is refused
// with 400 captcha_failed before anything else is looked at; the service role is not asked.
// GoTrue asks the provider (hCaptcha or Cloudflare Turnstile) whether a token is good; the
// emulator never goes to the network and accepts exactly the provider's published test token,
// the one the provider's test site keys produce, so a local build with a test site key works.
import type { CaptchaConfig } from '../project-config';
import type { ApiRequest, EmulatorConfig } from '../types';
import { authError } from './http';

/** The token each provider's test site keys answer (their documentation's test values). */
export const TEST_CAPTCHA_TOKENS: Record<CaptchaConfig['provider'], string> = {
  hcaptcha: '10000000-aaaa-bbbb-cccc-000000000001',
  turnstile: 'XXXX.DUMMY.TOKEN.XXXX',
};

function captchaToken(body: Record<string, unknown>): string {
  const security = body.gotrue_meta_security;
  if (typeof security !== 'object' || security === null) return '';
  const token = (security as Record<string, unknown>).captcha_token;
  return typeof token === 'string' ? token.trim() : '';
}

/** Throws GoTrue's refusal unless captcha is off, the caller is the service role, or the token passes. */
export function checkCaptcha(
  req: ApiRequest,
  body: Record<string, unknown>,
  config: EmulatorConfig,
): void {
  if (!config.captcha.enabled || req.claims?.role === 'service_role') return;
  const token = captchaToken(body);
  if (!token)
    throw authError(
      400,
      'captcha_failed',
      'captcha protection: request disallowed (no captcha_token found)',
    );
  if (token !== TEST_CAPTCHA_TOKENS[config.captcha.provider])
    throw authError(
      400,
      'captcha_failed',
      'captcha protection: request disallowed (invalid-input-response)',
    );
}
