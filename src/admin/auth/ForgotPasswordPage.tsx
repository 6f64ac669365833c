// "Forgot password?": asks Supabase Auth to email a link for choosing a new password. The answer
// is the same whether or not the address has an account (GoTrue's /recover answers alike, and a
// refusal for asking again too soon, GoTrue's per-address max_frequency, which only an existing
// account can earn, is shown as the same answer), so the page cannot be used to find out who
// administers the site. Only the project's hourly email cap, which says nothing about the
// address, is answered "try again later": saying "sent" then would leave a real administrator
// waiting for an email that never comes. With a captcha site key in the build, the widget's token
// goes with the request ([auth.captcha]).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Send } from 'lucide-react';
import { isAuthApiError } from '@supabase/supabase-js';
import { EmailField, FormMessage } from '../../components/FormField';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/useForm';
import { email, fieldProblem, refusedAt, requiredMessage } from '../../lib/validation';
import { PendingButton } from '../ui/PendingButton';
import { supabase } from '../supabase';
import { AuthCard } from './AuthCard';
import { captcha, CaptchaWidget } from './Captcha';

export const RESET_SENT =
  'If an account uses that address, we have sent it a link to choose a new password. If nothing arrives within a few minutes, check the address and try again later.';

export const RESET_BUSY =
  'We cannot send password-reset emails just now: too many have been sent in the last hour. Please try again later.';

/** GoTrue's answer to a second email to one address too soon (max_frequency), not the project's cap. */
const TOO_SOON = /^For security purposes, you can only request this after/;

const blank = { email: '' };
const validate = (values: typeof blank) => ({
  email: fieldProblem(values.email, { required: requiredMessage('Email'), rules: [email] }),
});

export function ForgotPasswordPage() {
  const form = useForm(blank, validate);
  const [sent, setSent] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  const submit = form.onSubmit(async (values) => {
    setSent(false);
    if (captcha && !captchaToken) return form.fail('Please complete the check above first.');
    const { error: refused } = await supabase.auth.resetPasswordForEmail(values.email.trim(), {
      redirectTo: `${window.location.origin}${paths.adminSetPassword}`,
      captchaToken: captchaToken ?? undefined,
    });
    // A captcha token works once.
    if (captcha) setCaptchaRound((round) => round + 1);
    const limited = isAuthApiError(refused) && refused.status === 429;
    if (!refused || (limited && TOO_SOON.test(refused.message))) setSent(true);
    else if (limited) form.fail(RESET_BUSY);
    else if (isAuthApiError(refused) && refused.code === 'validation_failed')
      form.refuse(refusedAt('email', email.message));
    else if (isAuthApiError(refused) && refused.code === 'captcha_failed')
      form.fail('The check did not pass. Please try it again.');
    else form.fail('Could not reach the sign-in service. Please try again.');
  });

  return (
    <AuthCard
      title="Forgot password"
      heading="Forgot password?"
      intro="Enter your email address and we will send you a link to choose a new password."
    >
      <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-4">
        <EmailField label="Email" autoComplete="username" required {...form.field('email')} />
        {captcha ? (
          <CaptchaWidget settings={captcha} round={captchaRound} onToken={setCaptchaToken} />
        ) : null}
        {sent ? <FormMessage tone="success">{RESET_SENT}</FormMessage> : null}
        {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
        <PendingButton
          type="submit"
          pending={form.sending}
          pendingLabel="Sending..."
          className="w-full"
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          Send Reset Link
        </PendingButton>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to={paths.adminLogin} className="text-blue-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
