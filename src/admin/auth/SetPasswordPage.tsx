// Where an emailed link lands (an invitation to administer the site, or a password reset): GoTrue's
// /verify has signed the person in and put the session in the address's fragment (the implicit
// flow, with the default email templates), or a project's own template sends the token hash here
// to verify. The page takes the session from there (the admin client does not read URLs itself),
// removes it from the address bar and history, and asks for a password; once it is saved the new
// or returning administrator is on the dashboard, signed in. A bad or used link says so and
// offers a new one.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import { isAuthApiError } from '@supabase/supabase-js';
import { FormMessage, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { MIN_PASSWORD_LENGTH } from '../../config/auth';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/useForm';
import { refusedAt, requiredMessage } from '../../lib/validation';
import { useToast } from '../ui/Toast';
import { PendingButton } from '../ui/PendingButton';
import { supabase } from '../supabase';
import { AuthCard } from './AuthCard';
import { useAuth } from './AuthProvider';

type LinkState =
  | { status: 'reading' }
  | { status: 'ready'; invited: boolean }
  | { status: 'failed'; message: string };

const LINK_FAILED = 'This link is invalid or has expired.';
const TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;

const blank = { password: '', repeat: '' };
const validate = ({ password, repeat }: typeof blank) => ({
  password: !password
    ? requiredMessage('Password')
    : password.length < MIN_PASSWORD_LENGTH
      ? TOO_SHORT
      : undefined,
  repeat: repeat !== password ? 'The passwords do not match.' : undefined,
});

/**
 * The session (or the error) the link carries, once: in the fragment after GoTrue's redirect (the
 * default email templates), or as `?token_hash=…&type=…` when a project's own template links
 * here directly, to be verified now.
 */
async function acceptLink(hash: string, search: string): Promise<LinkState> {
  const query = new URLSearchParams(search);
  const tokenHash = query.get('token_hash');
  const linkType = query.get('type');
  if (tokenHash && (linkType === 'invite' || linkType === 'recovery')) {
    const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: linkType });
    return error
      ? { status: 'failed', message: LINK_FAILED }
      : { status: 'ready', invited: linkType === 'invite' };
  }
  const values = new URLSearchParams(hash.replace(/^#/, ''));
  if (values.get('error') || values.get('error_code')) {
    return { status: 'failed', message: LINK_FAILED };
  }
  const accessToken = values.get('access_token');
  const refreshToken = values.get('refresh_token');
  const invited = values.get('type') === 'invite';
  if (!accessToken || !refreshToken) {
    const { data } = await supabase.auth.getSession();
    return data.session
      ? { status: 'ready', invited: false }
      : { status: 'failed', message: 'Open the link in your email to choose a password.' };
  }
  const { error } = await supabase.auth.setSession({
    access_token: accessToken,
    refresh_token: refreshToken,
  });
  return error ? { status: 'failed', message: LINK_FAILED } : { status: 'ready', invited };
}

export function SetPasswordPage() {
  const { state: auth } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [link, setLink] = useState<LinkState>({ status: 'reading' });
  const form = useForm(blank, validate);
  const read = useRef(false);

  useEffect(() => {
    // Once: the tokens work once, and a second read (StrictMode) would find the address cleaned.
    if (read.current || auth.status === 'loading') return;
    read.current = true;
    const { hash, search, pathname } = window.location;
    // The tokens must not stay in the address bar, the history or a shared screenshot.
    if (hash || search) window.history.replaceState(null, '', pathname);
    void acceptLink(hash, search).then(setLink);
  }, [auth.status]);

  const submit = form.onSubmit(async ({ password }) => {
    const { error } = await supabase.auth.updateUser({ password });
    if (!error) {
      toast.show('Your password is saved.');
      navigate(paths.adminDashboard, { replace: true });
    } else if (isAuthApiError(error) && error.code === 'weak_password') {
      form.refuse(refusedAt('password', TOO_SHORT));
    } else if (isAuthApiError(error) && error.code === 'same_password') {
      form.refuse(refusedAt('password', 'Choose a password different from your current one.'));
    } else if (isAuthApiError(error) && [401, 403].includes(error.status)) {
      setLink({ status: 'failed', message: LINK_FAILED });
    } else {
      form.fail('Could not save the password. Please try again.');
    }
  });

  const invited = link.status === 'ready' && link.invited;
  return (
    <AuthCard
      title="Choose a password"
      heading={invited ? 'Welcome, administrator' : 'Choose a new password'}
      intro={
        invited
          ? 'Choose a password to finish setting up your administrator account.'
          : `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`
      }
    >
      {link.status === 'reading' ? <Spinner label="Checking the link..." /> : null}
      {link.status === 'failed' ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="error">{link.message}</FormMessage>
          <p className="text-sm">
            <Link to={paths.adminForgotPassword} className="text-blue-700 hover:underline">
              Send a new link
            </Link>
          </p>
        </div>
      ) : null}
      {link.status === 'ready' ? (
        <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-4">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            {...form.field('password')}
          />
          <TextField
            label="Repeat the password"
            type="password"
            autoComplete="new-password"
            required
            {...form.field('repeat')}
          />
          {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
          <PendingButton
            type="submit"
            pending={form.sending}
            pendingLabel="Saving..."
            className="w-full"
          >
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            Save Password
          </PendingButton>
        </form>
      ) : null}
    </AuthCard>
  );
}
