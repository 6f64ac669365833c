// The administrator's session, as supabase-js reports it. supabase-js keeps the session in
// localStorage, refreshes it before expiry, recovers it when the tab becomes visible and
// broadcasts sign-in/out to other tabs; this provider only follows its auth events.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isAuthApiError, isAuthRetryableFetchError, type User } from '@supabase/supabase-js';
import { supabase } from '../supabase';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; isAdmin: boolean };

export type SignInResult = { ok: true } | { ok: false; message: string };

type AuthContextValue = {
  state: AuthState;
  /** `captchaToken`: the widget's token when the build has a captcha ([auth.captcha]). */
  signIn(email: string, password: string, captchaToken?: string): Promise<SignInResult>;
  signOut(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** Administrators carry role 'admin' in app_metadata, which only the server can set. */
export function isAdministrator(user: User): boolean {
  return user.app_metadata?.role === 'admin';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    let checkedStoredSession = false;
    const {
      data: { subscription },
    } = supabase.auth.onAuthStateChange((event, session) => {
      setState(
        session
          ? { status: 'signed-in', user: session.user, isAdmin: isAdministrator(session.user) }
          : { status: 'signed-out' },
      );
      // A stored session may have been revoked elsewhere (signed out everywhere, user removed):
      // ask the server once. Deferred, because supabase-js must not be called from inside
      // its own auth callback.
      if (event === 'INITIAL_SESSION' && session && !checkedStoredSession) {
        checkedStoredSession = true;
        window.setTimeout(() => {
          void supabase.auth.getUser().then(({ error }) => {
            if (error && isAuthApiError(error) && [401, 403, 404].includes(error.status ?? 0)) {
              void supabase.auth.signOut({ scope: 'local' });
            }
          });
        }, 0);
      }
    });
    return () => subscription.unsubscribe();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      async signIn(email, password, captchaToken) {
        const { error } = await supabase.auth.signInWithPassword({
          email: email.trim(),
          password,
          options: { captchaToken },
        });
        if (!error) return { ok: true };
        if (isAuthRetryableFetchError(error)) {
          return { ok: false, message: 'Could not reach the sign-in service. Please try again.' };
        }
        if (error.code === 'captcha_failed') {
          return { ok: false, message: 'The check did not pass. Please try it again.' };
        }
        return { ok: false, message: 'Invalid email or password' };
      },
      async signOut() {
        // Signs out this browser (and, through supabase-js's broadcast, its other tabs).
        await supabase.auth.signOut({ scope: 'local' });
      },
    }),
    [state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
