import { useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useFocusTrap } from './useFocusTrap';

/**
 * A dialog that keeps keyboard focus inside while open, closes on Escape, the close button or a
 * click outside, and gives focus back to whatever had it before.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  size = 'md',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'xl' for dialogs that hold a grid, such as the admin's media library. */
  size?: 'md' | 'xl';
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(dialogRef, open, (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  });

  if (!open) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-night/70 p-4"
      onClick={onClose}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`relative max-h-[90vh] w-full overflow-y-auto rounded-2xl bg-white p-8 shadow-2xl ${size === 'xl' ? 'max-w-5xl' : 'max-w-md'}`}
        onClick={(event) => event.stopPropagation()}
      >
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute right-3 top-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        <h2 id={titleId} className="text-2xl font-bold text-ink">
          {title}
        </h2>
        <div className="mt-3 text-slate-700">{children}</div>
      </div>
    </div>
  );
}
