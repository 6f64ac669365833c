import { useEffect, useState } from 'react';

/**
 * True once `pending` has lasted `delay` ms: a button shows 'Saving...' only for slow actions,
 * so fast ones do not flicker.
 */
export function usePendingDelay(pending: boolean, delay = 300): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [pending, delay]);
  return pending && shown;
}
