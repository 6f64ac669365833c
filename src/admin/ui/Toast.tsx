// The admin's toasts: a short note after every save, publish, delete or restore, in the corner of
// the screen. Two live regions are always in the page (a screen reader only announces what is
// added to a region that was already there): successes in a polite `role="status"`, errors in an
// assertive `role="alert"`. A toast may carry one action (Undo after a delete) and closes itself
// after a while, later when it has an action; moving the pointer or focus onto it keeps it open.
//
//   const toast = useToast();
//   toast.show('Setting updated successfully!');
//   toast.show('Error deleting image. Please try again.', { tone: 'error' });
//   toast.show('“Alpine pass” moved to the trash.', { action: { label: 'Undo', run: restore } });
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { X } from 'lucide-react';

export type ToastAction = { label: string; run: () => void };
export type ToastOptions = { tone?: 'success' | 'error'; action?: ToastAction };
export type Toaster = { show(message: string, options?: ToastOptions): void };

type Toast = { id: number; message: string; tone: 'success' | 'error'; action?: ToastAction };

/** How long a toast stays, in ms: long enough to read, longer to reach its action. */
const SHOWN_FOR = { plain: 6000, withAction: 10000 };
/** Older toasts give way: at most this many are shown. */
const AT_MOST = 3;

const ToastContext = createContext<Toaster | null>(null);

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a ToastProvider above it (AdminShell has one)');
  return toaster;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const schedule = useCallback(
    (toast: Toast) => {
      clearTimeout(timers.current.get(toast.id));
      const delay = toast.action ? SHOWN_FOR.withAction : SHOWN_FOR.plain;
      timers.current.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), delay),
      );
    },
    [dismiss],
  );

  const toaster = useMemo<Toaster>(
    () => ({
      show(message, { tone = 'success', action } = {}) {
        const toast: Toast = { id: nextId.current++, message, tone, action };
        setToasts((current) => [...current, toast].slice(-AT_MOST));
        schedule(toast);
      },
    }),
    [schedule],
  );

  const hold = (toast: Toast) => clearTimeout(timers.current.get(toast.id));

  const region = (tone: Toast['tone']) =>
    toasts
      .filter((toast) => toast.tone === tone)
      .map((toast) => (
        <div
          key={toast.id}
          onMouseEnter={() => hold(toast)}
          onMouseLeave={() => schedule(toast)}
          onFocus={() => hold(toast)}
          onBlur={() => schedule(toast)}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
            tone === 'error'
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-emerald-200 bg-white text-slate-900'
          }`}
        >
          <p className="flex-1">{toast.message}</p>
          {toast.action ? (
            <button
              type="button"
              className="font-semibold text-blue-700 underline hover:text-blue-900"
              onClick={() => {
                dismiss(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            aria-label="Dismiss notification"
            className="text-slate-600 hover:text-slate-900"
            onClick={() => dismiss(toast.id)}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ));

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-full max-w-sm flex-col gap-2">
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {region('success')}
        </div>
        <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
          {region('error')}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
