// The optional captcha on the admin's sign-in and password-reset pages (Supabase Auth's
// [auth.captcha]: hCaptcha or Cloudflare Turnstile). Built in only when VITE_CAPTCHA_SITE_KEY is
// set; VITE_CAPTCHA_PROVIDER names the provider (turnstile unless it says hcaptcha). Plain
// TypeScript without import.meta, so scripts/security-headers.ts opens the policy to the same
// provider the pages load. Only admin code imports it: the public pages carry none of it.

export type CaptchaProvider = 'turnstile' | 'hcaptcha';

interface ProviderSpec {
  /** The widget's script, rendered explicitly (the page says where and when). */
  script: string;
  /** The global the script defines: render(element, options) and reset(widgetId). */
  global: 'turnstile' | 'hcaptcha';
  /** What the policy must allow for the script, its frame and its requests. */
  origins: string[];
}

export const CAPTCHA_PROVIDERS: Record<CaptchaProvider, ProviderSpec> = {
  turnstile: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
    origins: ['https://challenges.cloudflare.com'],
  },
  hcaptcha: {
    script: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    global: 'hcaptcha',
    origins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
};

export interface CaptchaSettings {
  provider: CaptchaProvider;
  siteKey: string;
}

/** The captcha the build asks for, or null when VITE_CAPTCHA_SITE_KEY is not set. */
export function captchaSettings(vars: Record<string, string | undefined>): CaptchaSettings | null {
  const siteKey = vars.VITE_CAPTCHA_SITE_KEY?.trim();
  if (!siteKey) return null;
  const provider =
    vars.VITE_CAPTCHA_PROVIDER?.trim().toLowerCase() === 'hcaptcha' ? 'hcaptcha' : 'turnstile';
  return { provider, siteKey };
}
