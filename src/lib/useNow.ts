// "Now" for what changes by the day (the rally's phase, upcoming or past events) on prerendered
// pages: the build's time on the server and while hydrating, so the browser's first render
// matches the HTML, then the visitor's clock to the minute.
import { useSyncExternalStore } from 'react';
import { usePrerendered } from '../prerender/protocol';

/** When the page was built: the time prerendering asked for (the countdown reads it too). */
export const buildTime = () => Promise.resolve(Date.now());

const noSubscription = () => () => {};
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
const noTime = () => null;

export function useNow(): Date {
  const built = usePrerendered('built-at', buildTime);
  const now = useSyncExternalStore(noSubscription, currentMinute, noTime);
  // Neither only in a server pass before the build time is loaded (its HTML is not kept) or in
  // the SPA shell, which has no prerendered markup to match.
  return new Date(now ?? built?.value ?? currentMinute());
}

/** A date's local calendar day, 'YYYY-MM-DD'. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
