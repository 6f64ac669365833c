import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LogIn } from 'lucide-react';
import { EmailField, FormMessage, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
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

export function LoginPage() {
  const { state, signIn } = useAuth();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  if (state.status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: email.trim() ? undefined : 'Email is required.',
      password: password ? undefined : 'Password is required.',
    };
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) return;
    if (captcha && !captchaToken) {
      setFailure('Please complete the check above first.');
      return;
    }
    setPending(true);
    const result = await signIn(email, password, captchaToken ?? undefined);
    setPending(false);
    // A captcha token works once.
    if (captcha) setCaptchaRound((round) => round + 1);
    // On success the auth state changes and this screen redirects itself.
    if (!result.ok) setFailure(result.message);
  }

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
          <EmailField
            label="Email"
            name="email"
            autoComplete="username"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="text-sm">
            <Link to={paths.adminForgotPassword} className="text-blue-700 hover:underline">
              Forgot password?
            </Link>
          </p>
          {captcha ? (
            <CaptchaWidget settings={captcha} round={captchaRound} onToken={setCaptchaToken} />
          ) : null}
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <PendingButton
            type="submit"
            pending={pending}
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
