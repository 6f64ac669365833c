// "Forgot password?": asks Supabase Auth to email a link for choosing a new password. The answer
// is the same whether or not the address has an account (GoTrue's /recover answers alike, and a
// refusal for sending too often, which only an existing account can earn, is shown as the same
// answer), so the page cannot be used to find out who administers the site.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Send } from 'lucide-react';
import { isAuthApiError } from '@supabase/supabase-js';
import { EmailField, FormMessage } from '../../components/FormField';
import { paths } from '../../config/paths';
import { isEmail } from '../../lib/validation';
import { PendingButton } from '../ui/PendingButton';
import { supabase } from '../supabase';
import { AuthCard } from './AuthCard';

export const RESET_SENT =
  'If an account uses that address, we have sent it a link to choose a new password. If nothing arrives within a few minutes, check the address and try again later.';

function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email is required.';
  if (!isEmail(email)) return 'Please enter a valid email address.';
  return undefined;
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    setFailure(null);
    setSent(false);
    if (found) return;
    setPending(true);
    const { error: refused } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}${paths.adminSetPassword}`,
    });
    setPending(false);
    if (!refused || (isAuthApiError(refused) && refused.status === 429)) setSent(true);
    else if (isAuthApiError(refused) && refused.code === 'validation_failed')
      setError('Please enter a valid email address.');
    else setFailure('Could not reach the sign-in service. Please try again.');
  }

  return (
    <AuthCard
      title="Forgot password"
      heading="Forgot password?"
      intro="Enter your email address and we will send you a link to choose a new password."
    >
      <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-4">
        <EmailField
          label="Email"
          name="email"
          autoComplete="username"
          required
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        {sent ? <FormMessage tone="success">{RESET_SENT}</FormMessage> : null}
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <PendingButton type="submit" pending={pending} pendingLabel="Sending..." className="w-full">
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
