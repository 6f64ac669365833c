import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { usePendingDelay } from './usePendingDelay';

const tones = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-400',
  neutral:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
} as const;

// At least 44 px tall on a phone, WCAG 2.2's size for the main actions (36 px from 768 px).
export const buttonClass = (tone: keyof typeof tones = 'primary') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition motion-reduce:transition-none md:min-h-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed ${tones[tone]}`;

/** A button that is disabled while its action runs and names the action once it is slow. */
export function PendingButton({
  pending,
  pendingLabel,
  tone = 'primary',
  children,
  disabled,
  className = '',
  ...button
}: {
  pending: boolean;
  pendingLabel: string;
  tone?: keyof typeof tones;
  children: ReactNode;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const showPending = usePendingDelay(pending);
  return (
    <button
      {...button}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`${buttonClass(tone)} ${className}`}
    >
      {showPending ? (
        <>
          <LoaderCircle
            aria-hidden="true"
            className="h-4 w-4 animate-spin motion-reduce:animate-none"
          />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
