// supabase/config.toml as the emulator reads it: the Supabase CLI's keys and defaults.
import { expect, test } from 'vitest';
import { parseProjectConfig, readProjectConfig } from './project-config';
import { PROJECT_ROOT } from './config';

test('reads verify_jwt per function, secrets with env(), auth email limits and templates', () => {
  const config = parseProjectConfig(
    `
[auth]
site_url = "https://rally.example"
additional_redirect_urls = ["https://*.rally.example/**"]

[auth.rate_limit]
email_sent = 12

[auth.captcha]
enabled = true
provider = "turnstile"
secret = "env(CAPTCHA_SECRET)"

[auth.email]
max_frequency = "1m30s"
otp_expiry = 600

[auth.email.smtp]
admin_email = "team@rally.example"
sender_name = "Rally team"

[auth.email.template.recovery]
subject = "Reset it"
content_path = "./supabase/templates/recovery.html"

[functions.payment-webhook]
verify_jwt = false

[functions.send-email]
verify_jwt = true

[edge_runtime.secrets]
STRIPE_SECRET_KEY = "env(TEST_STRIPE_KEY)"
PLAIN = "value"
`,
    '/project',
    { TEST_STRIPE_KEY: 'sk_test_123' },
  );
  expect(config.functions).toEqual({
    verifyJwt: { 'payment-webhook': false, 'send-email': true },
    secrets: { STRIPE_SECRET_KEY: 'sk_test_123', PLAIN: 'value' },
  });
  expect(config.authEmail).toMatchObject({
    redirectAllowList: ['https://rally.example', 'https://*.rally.example/**'],
    otpExpirySeconds: 600,
    maxFrequencySeconds: 90,
    emailsPerHour: 12,
    sender: { email: 'team@rally.example', name: 'Rally team' },
  });
  expect(config.authEmail.templates.recovery).toEqual({
    subject: 'Reset it',
    contentPath: '/project/supabase/templates/recovery.html',
  });
  expect(config.authEmail.templates.invite).toEqual({ subject: null, contentPath: null });
  expect(config.auth.captcha).toEqual({ enabled: true, provider: 'turnstile' });
});

test('reads max_rows and the auth settings the hardened emulator honours', () => {
  const config = parseProjectConfig(
    `
[api]
max_rows = 50

[auth]
enable_signup = true
minimum_password_length = 12
refresh_token_reuse_interval = 0

[auth.rate_limit]
sign_in_sign_ups = 7
`,
    '/project',
  );
  expect(config.maxRows).toBe(50);
  expect(config.auth).toEqual({
    enableSignup: true,
    minPasswordLength: 12,
    refreshTokenReuseSeconds: 0,
    signInsPerIp: 7,
    captcha: { enabled: false, provider: 'hcaptcha' },
  });
});

test('takes the CLI’s defaults for what config.toml leaves out', () => {
  const config = parseProjectConfig('', '/project');
  expect(config.maxRows).toBe(1000);
  // Sign-up is the exception: a missing setting never opens it.
  expect(config.auth).toEqual({
    enableSignup: false,
    minPasswordLength: 6,
    refreshTokenReuseSeconds: 10,
    signInsPerIp: 30,
    captcha: { enabled: false, provider: 'hcaptcha' },
  });
  expect(config.authEmail).toMatchObject({
    otpExpirySeconds: 3600,
    maxFrequencySeconds: 1,
    emailsPerHour: null,
    sender: { email: 'admin@email.com', name: 'Admin' },
  });
  expect(config.functions.verifyJwt).toEqual({});
});

test("reads the project's own config.toml", () => {
  const config = readProjectConfig(PROJECT_ROOT);
  expect(config.authEmail.redirectAllowList[0]).toBe('http://localhost:5173');
  // One address gets at most 4 resets an hour, far below the project's 100 (issue 20, 8a).
  expect(config.authEmail.maxFrequencySeconds).toBe(900);
  expect(config.authEmail.emailsPerHour).toBe(100);
  expect(config.auth.captcha.enabled).toBe(false);
  expect(config.auth).toMatchObject({ enableSignup: false, minPasswordLength: 10 });
});
