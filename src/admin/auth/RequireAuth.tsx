import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { buttonClass } from '../ui/PendingButton';
import { useAuth } from './AuthProvider';
import { AdminTitle } from '../AdminTitle';

/** Where the login screen sends the administrator back to (state.from). */
export type LoginState = { from?: { pathname: string; search?: string; hash?: string } };

/**
 * The guard around every admin screen: a spinner while the session is checked, the login screen
 * (remembering the requested page) when signed out, and a refusal for non-administrators.
 */
export function RequireAuth() {
  const { state } = useAuth();
  const location = useLocation();

  if (state.status === 'loading') {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (state.status === 'signed-out') {
    const loginState: LoginState = { from: location };
    return <Navigate to={paths.adminLogin} replace state={loginState} />;
  }
  if (!state.isAdmin) return <NotAdministrator email={state.user.email ?? ''} />;
  return <Outlet />;
}

function NotAdministrator({ email }: { email: string }) {
  const { signOut } = useAuth();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <AdminTitle>Not an administrator</AdminTitle>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow">
        <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">
          This account is not an administrator
        </h1>
        <p className="mt-3 text-slate-700">
          You are signed in as <strong>{email}</strong>, which cannot manage the website. Sign out
          and sign in with an administrator account.
        </p>
        <button
          type="button"
          className={`${buttonClass('primary')} mt-6`}
          onClick={() => void signOut()}
        >
          Sign Out
        </button>
      </div>
    </main>
  );
}
