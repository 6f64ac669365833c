// The end of every public form: what happened to the last submission (role="status" on
// success, role="alert" on failure) and the submit button, disabled while sending.
import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
import { FormMessage } from './FormField';

const looks = {
  /** A message form (contact, sponsorship enquiry). */
  send: 'inline-flex items-center gap-2 rounded-full bg-slate-900 px-6 py-3 font-bold text-white hover:bg-slate-700',
  /** The page's main action (registration). */
  primary:
    'w-full rounded-full bg-amber-400 px-6 py-3.5 text-lg font-bold text-slate-950 shadow hover:bg-amber-300 sm:w-auto',
} as const;

export function FormSubmit({
  sending,
  sendingLabel = 'Sending...',
  success,
  failure,
  look = 'send',
  children,
}: {
  sending: boolean;
  sendingLabel?: string;
  success?: string | null;
  failure?: string | null;
  look?: keyof typeof looks;
  children: ReactNode;
}) {
  return (
    <>
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <button
        type="submit"
        disabled={sending}
        className={`${looks[look]} disabled:cursor-not-allowed disabled:opacity-60`}
      >
        {look === 'send' ? <Send aria-hidden="true" className="h-4 w-4" /> : null}
        {sending ? sendingLabel : children}
      </button>
    </>
  );
}
