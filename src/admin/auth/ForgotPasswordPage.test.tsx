// The forgot-password page's answers to GoTrue's refusals, with the admin's real supabase-js
// client and GoTrue's answers as the wire carries them (the emulator's: auth/http.ts, mailer.ts).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage, RESET_BUSY, RESET_SENT } from './ForgotPasswordPage';
import { restoreNetwork } from '../../test/network';

afterEach(async () => {
  await restoreNetwork();
});

/** GoTrue's 429 as it answers /recover: the 2024-01-01 API's { code, message }. */
function gotrue429(message: string) {
  return vi.fn().mockResolvedValue(
    new Response(JSON.stringify({ code: 'over_email_send_rate_limit', message }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    }),
  );
}

async function askForReset() {
  const user = userEvent.setup({ delay: null });
  render(<ForgotPasswordPage />, { wrapper: MemoryRouter });
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@example.org');
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ForgotPasswordPage', { timeout: 20_000 }, () => {
  it('says "try again later", not "sent", when the project’s email cap is reached', async () => {
    vi.stubGlobal('fetch', gotrue429('Email rate limit exceeded'));
    await askForReset();
    expect(await screen.findByText(RESET_BUSY)).toBeInTheDocument();
    expect(screen.queryByText(RESET_SENT)).not.toBeInTheDocument();
  });

  it('answers "sent" to the per-address limit, which only an existing account can earn', async () => {
    vi.stubGlobal(
      'fetch',
      gotrue429('For security purposes, you can only request this after 840 seconds.'),
    );
    await askForReset();
    expect(await screen.findByText(RESET_SENT)).toBeInTheDocument();
    expect(screen.queryByText(RESET_BUSY)).not.toBeInTheDocument();
  });
});
