import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LogIn } from 'lucide-react';
import { EmailField, FormMessage, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/useForm';
import { fieldProblem, requiredMessage } from '../../lib/validation';
import { PendingButton } from '../ui/PendingButton';
import { useAuth } from './AuthProvider';
import type { LoginState } from './RequireAuth';
import { AuthCard } from './AuthCard';
import { captcha, CaptchaWidget } from './Captcha';

/** Only admin screens are valid places to return to after signing in. */
function returnPath(state: unknown): string {
  const from = isLoginState(state) ? state.from : undefined;
  if (!from || !from.pathname.startsWith(`${paths.admin}/`) || from.pathname === paths.adminLogin) {
    return paths.adminDashboard;
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function isLoginState(state: unknown): state is Required<LoginState> {
  if (typeof state !== 'object' || state === null || !('from' in state)) return false;
  const { from } = state;
  return (
    typeof from === 'object' &&
    from !== null &&
    'pathname' in from &&
    typeof from.pathname === 'string'
  );
}

const blank = { email: '', password: '' };

const validate = (values: typeof blank) => ({
  email: fieldProblem(values.email, { required: requiredMessage('Email') }),
  // A password is taken as typed: spaces may be part of it.
  password: values.password ? undefined : requiredMessage('Password'),
});

export function LoginPage() {
  const { state, signIn } = useAuth();
  const location = useLocation();
  const form = useForm(blank, validate);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  if (state.status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;

  const submit = form.onSubmit(async ({ email, password }) => {
    if (captcha && !captchaToken) return form.fail('Please complete the check above first.');
    const result = await signIn(email, password, captchaToken ?? undefined);
    // A captcha token works once.
    if (captcha) setCaptchaRound((round) => round + 1);
    // On success the auth state changes and this screen redirects itself.
    if (!result.ok) form.fail(result.message);
  });

  return (
    <AuthCard
      title="Login"
      heading="Admin Login"
      intro="Sign in to manage the Europe Rally website."
    >
      {state.status === 'loading' ? (
        <Spinner label="Loading..." />
      ) : (
        // method="post" keeps the password out of the URL even if scripts fail.
        <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-4">
          <EmailField label="Email" autoComplete="username" required {...form.field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <p className="text-sm">
            <Link to={paths.adminForgotPassword} className="text-blue-700 hover:underline">
              Forgot password?
            </Link>
          </p>
          {captcha ? (
            <CaptchaWidget settings={captcha} round={captchaRound} onToken={setCaptchaToken} />
          ) : null}
          {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
          <PendingButton
            type="submit"
            pending={form.sending}
            pendingLabel="Signing in..."
            className="w-full"
          >
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Sign In
          </PendingButton>
        </form>
      )}
    </AuthCard>
  );
}
