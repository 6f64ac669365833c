// The site's administrators, through the admin-users Edge Function (supabase/functions/admin-users):
// who they are, inviting another by email and removing one. The function checks that the caller
// is an administrator and refuses to remove the last one; a refusal comes back as a FunctionError
// (src/data/functions.ts) with the function's message, and the field it concerns for the form.
import { callFunction, type FunctionsCaller } from './functions';

export type Administrator = {
  id: string;
  email: string;
  /** When the invitation was (last) sent; null for an administrator made another way. */
  invited_at: string | null;
  /** When the address was confirmed: null while an invitation is not yet accepted. */
  confirmed_at: string | null;
  last_sign_in_at: string | null;
};

/**
 * 'invited': a new account, emailed an invitation; 'promoted': a former administrator, who has the
 * role back; 'notified': another existing account, made an administrator and told so by email.
 */
export type InviteOutcome = { outcome: 'invited' | 'promoted' | 'notified'; email: string };

const UNREACHABLE = 'The administrators could not be reached. Please try again.';

const call = <T>(db: FunctionsCaller, body: Record<string, unknown>) =>
  callFunction<T>(db, 'admin-users', body, { unreachable: UNREACHABLE });

export async function listAdministrators(db: FunctionsCaller): Promise<Administrator[]> {
  const answer = await call<{ administrators: Administrator[] }>(db, { action: 'list' });
  return answer.administrators;
}

/** Emails an invitation whose link lands on `redirectTo` (the site's set-password page). */
export function inviteAdministrator(
  db: FunctionsCaller,
  email: string,
  redirectTo: string,
): Promise<InviteOutcome> {
  return call<InviteOutcome>(db, { action: 'invite', email: email.trim(), redirectTo });
}

export async function removeAdministrator(db: FunctionsCaller, id: string): Promise<void> {
  await call(db, { action: 'remove', id });
}
