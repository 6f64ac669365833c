import { useSyncExternalStore } from 'react';

// The current time to the second, ticking every second. On the server (and while hydrating
// prerendered HTML) there is no time, so nothing time-dependent is baked into the HTML.
function subscribe(onTick: () => void) {
  const timer = window.setInterval(onTick, 1000);
  return () => window.clearInterval(timer);
}
const currentSecond = () => Math.floor(Date.now() / 1000);
const noTime = () => null;

/** The current time (whole seconds) or null where there is no clock (server, hydration). */
export function useClock(): Date | null {
  const second = useSyncExternalStore(subscribe, currentSecond, noTime);
  return second === null ? null : new Date(second * 1000);
}
