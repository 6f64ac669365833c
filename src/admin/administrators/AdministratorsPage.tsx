// The Administrators screen: who may manage the site, an invitation by email for another, and
// removing one (never the last: the admin-users Edge Function refuses it, whatever this screen
// shows). A handful of people, so one list without search or pages (useWholeList), drawn by
// ListBody with the loading, empty and failed states every admin list has; the invite form checks the address here and shows the
// server's refusal under the field, keeping what was typed.
import { useState } from 'react';
import { MailPlus, UserMinus, Users } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { EmailField, FormMessage } from '../../components/FormField';
import { paths } from '../../config/paths';
import {
  inviteAdministrator,
  listAdministrators,
  removeAdministrator,
  type Administrator,
} from '../../data/administrators';
import { FunctionError } from '../../data/functions';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { useForm } from '../../lib/useForm';
import { email, fieldProblem, requiredMessage } from '../../lib/validation';
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';
import { useAuth } from '../auth/AuthProvider';
import { ListBody } from '../list/ListBody';
import { useWholeList } from '../list/useServerList';
import { useToast } from '../ui/Toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PendingButton, buttonClass } from '../ui/PendingButton';
import { supabase } from '../supabase';

const loadAdministrators = () => listAdministrators(supabase);

const noInvite = { email: '' };
const validateInvite = (values: typeof noInvite) => ({
  email: fieldProblem(values.email, { required: requiredMessage('Email'), rules: [email] }),
});

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const toast = useToast();
  const form = useForm(noInvite, validateInvite);

  const submit = form.onSubmit(async (values) => {
    try {
      const redirectTo = `${window.location.origin}${paths.adminSetPassword}`;
      const { outcome, email: invited } = await inviteAdministrator(
        supabase,
        values.email,
        redirectTo,
      );
      toast.show(
        {
          invited: `Invitation sent to ${invited}.`,
          promoted: `${invited} is an administrator again and can sign in with their password.`,
          notified: `${invited} is now an administrator and has been told by email.`,
        }[outcome],
      );
      form.reset();
      onInvited();
    } catch (refusal) {
      if (form.refuse(refusal)) return;
      form.fail(
        refusal instanceof FunctionError ? refusal.message : 'The invitation could not be sent.',
      );
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby="invite-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite an administrator
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We email them a link to choose a password. Administrators can change everything on the site,
        including who else administers it.
      </p>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <div className="min-w-64 flex-1">
          <EmailField label="Email" autoComplete="off" required {...form.field('email')} />
        </div>
        <PendingButton
          type="submit"
          pending={form.sending}
          pendingLabel="Sending..."
          className="mt-6"
        >
          <MailPlus aria-hidden="true" className="h-4 w-4" />
          Send Invitation
        </PendingButton>
      </div>
      {form.failure ? (
        <div className="mt-3">
          <FormMessage tone="error">{form.failure}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}

function state(admin: Administrator): string {
  if (!admin.confirmed_at) return 'Invited, not yet accepted';
  return admin.last_sign_in_at
    ? `Last signed in ${formatDateTime(admin.last_sign_in_at)}`
    : 'Never signed in';
}

export function AdministratorsPage() {
  const { state: auth } = useAuth();
  const toast = useToast();
  const myId = auth.status === 'signed-in' ? auth.user.id : null;
  const list = useWholeList('administrators', loadAdministrators);
  const [removing, setRemoving] = useState<Administrator | null>(null);

  async function remove(admin: Administrator) {
    try {
      await removeAdministrator(supabase, admin.id);
      toast.show(`${admin.email} is no longer an administrator.`);
      setRemoving(null);
      list.reload();
    } catch (refusal) {
      setRemoving(null);
      toast.show(
        refusal instanceof FunctionError
          ? refusal.message
          : 'The administrator could not be removed.',
        { tone: 'error' },
      );
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <AdminTitle>Administrators</AdminTitle>
      <BackToDashboard />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Administrators</h1>
      <p className="mt-1 text-slate-600">The people who can sign in and manage the website.</p>
      <div className="mt-6">
        <InviteForm onInvited={list.reload} />
      </div>
      <div className="mt-6">
        <ListBody
          list={list}
          plural="administrators"
          loadingText="Loading the administrators..."
          failedText="Could not load the administrators. Please try again."
          empty={
            <EmptyState
              title="No administrators"
              icon={<Users aria-hidden="true" className="h-10 w-10" />}
            />
          }
        >
          {(rows) => (
            <ul
              aria-label="Administrators"
              aria-busy={list.busy}
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              {rows.map((admin) => (
                <li
                  key={admin.id}
                  className="flex flex-wrap items-center justify-between gap-3 p-4"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-all text-slate-900">
                      {admin.email}
                      {admin.id === myId ? (
                        <span className="font-normal text-slate-600"> (you)</span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-600">{state(admin)}</p>
                  </div>
                  {admin.id !== myId ? (
                    <button
                      type="button"
                      className={buttonClass('danger')}
                      aria-label={`Remove ${admin.email}`}
                      onClick={() => setRemoving(admin)}
                    >
                      <UserMinus aria-hidden="true" className="h-4 w-4" />
                      Remove
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ListBody>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}?`}
        message={`${removing?.email ?? ''} will no longer be able to manage the website, and is signed out.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
