// The question a public page asks before an act that cannot be undone (a team cancelling its
// registration, a visitor declining a waiting-list place): the question, what follows from it,
// any failure, "Yes, …" and the way back. An alertdialog in the page's flow rather than a modal,
// so a phone's reader meets it where the button was.
import type { ReactNode } from 'react';
import { FormMessage } from './FormField';

/** The pill buttons of these panels (and of the buttons that open them). */
export const pillButton =
  'inline-flex items-center justify-center rounded-full px-6 py-3 font-bold disabled:cursor-not-allowed disabled:opacity-60';

export function ConfirmPanel({
  id,
  question,
  children,
  failure,
  busy,
  confirmLabel,
  busyLabel,
  keepLabel,
  onConfirm,
  onKeep,
}: {
  /** The question's element id, which names the dialog. */
  id: string;
  question: ReactNode;
  /** What follows from saying yes, under the question. */
  children?: ReactNode;
  failure: string | null;
  busy: boolean;
  confirmLabel: string;
  busyLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-red-200 bg-red-50 p-5"
    >
      <p id={id} className="font-semibold text-ink">
        {question}
      </p>
      {children}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className={`${pillButton} bg-red-700 text-white hover:bg-red-800`}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onKeep}
          className={`${pillButton} border-2 border-slate-300 text-ink hover:bg-white`}
        >
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
