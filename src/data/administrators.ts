// The site's administrators, through the admin-users Edge Function (supabase/functions/admin-users):
// who they are, inviting another by email and removing one. The function checks that the caller
// is an administrator and refuses to remove the last one; a refusal comes back as
// AdministratorsError with the function's message (and the field it concerns, for the form).
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { FieldRefusal } from '../lib/validation';

/** The part of the admin's client this module needs. */
export type FunctionsCaller = { functions: Pick<SupabaseClient['functions'], 'invoke'> };

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

export class AdministratorsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    field?: 'email',
  ) {
    super(message);
    this.name = 'AdministratorsError';
    this.refusal = field ? { field, message } : null;
  }
  /** The form field the function refused, with its sentence. */
  readonly refusal: FieldRefusal | null;
}

const UNREACHABLE = 'The administrators could not be reached. Please try again.';

async function call<T>(db: FunctionsCaller, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.functions.invoke<T>('admin-users', { body });
  if (!error) return data as T;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json().catch(() => ({}))) as { error?: string; field?: string };
    throw new AdministratorsError(
      answer.error ?? UNREACHABLE,
      response.status,
      answer.field === 'email' ? 'email' : undefined,
    );
  }
  throw new AdministratorsError(UNREACHABLE, 0);
}

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
