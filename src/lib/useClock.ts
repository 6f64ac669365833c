import { useCallback, useSyncExternalStore } from 'react';

// The current time to the second, ticking every second. On the server (and while hydrating
// prerendered HTML) there is no time, so nothing time-dependent is baked into the HTML.
const currentSecond = () => Math.floor(Date.now() / 1000);
const noTime = () => null;

/**
 * The current time (whole seconds) or null where there is no clock (server, hydration).
 * With `until` (ms since the epoch) the clock stops once that moment has passed: nothing after it
 * changes with time, so a page left open does no work every second.
 */
export function useClock(until?: number): Date | null {
  const subscribe = useCallback(
    (onTick: () => void) => {
      const over = () => until !== undefined && Date.now() >= until;
      if (over()) return () => {};
      const timer = window.setInterval(() => {
        onTick();
        if (over()) window.clearInterval(timer);
      }, 1000);
      return () => window.clearInterval(timer);
    },
    [until],
  );
  const second = useSyncExternalStore(subscribe, currentSecond, noTime);
  return second === null ? null : new Date(second * 1000);
}
