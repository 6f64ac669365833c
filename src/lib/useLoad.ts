// The one way a screen loads data: public pages (prerendered or not), the gallery's paging and
// every admin list. A load is named by a key (its arguments included: 'news', 'article:<id>',
// 'gallery?category=…'); a new key is a new load, `reload()` runs the same one again, and
// `extend()` adds to what is shown (the next page).
//
// The failure policy, the same everywhere: a load that fails never takes away what is on screen.
// `data` stays what was shown, `failed` says the last load failed (the screen says so: an admin
// list shows its message and Retry, a public page only logs it, as the spec asks), and when
// nothing was shown yet `data` is the screen's empty value. The error itself is logged here.
//
// With `prerender`, the first render starts from the answer the build put in the page's HTML
// (see src/prerender/protocol.tsx), then loads it again once the browser is idle: the page is
// complete meanwhile, and adopting it comes first. That refresh redraws in a transition (short
// slices, the visitor first) and not at all when the answer has not changed.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { usePrerendered } from '../prerender/protocol';

/** Runs `callback` once the browser has nothing more urgent to do (soon, at the latest). */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 50);
  return () => clearTimeout(handle);
}

export type LoadOptions<T> = {
  /** What the screen shows before its first answer, and after a first load that failed. */
  empty: T;
  /** Start from the build's answer under this same key, if the page has one. */
  prerender?: boolean;
  /**
   * With `prerender` and `keepPrevious`: the key of the view the build prerendered, when the
   * address asks for another view of the same HTML (/news?page=2 is served /news's page). The
   * first render then shows the HTML's view, as stale data, so that adopting the page matches
   * it, and this key's answer replaces it once loaded.
   */
  prerenderKey?: string;
  /**
   * While a new key loads, keep showing the previous key's data (`stale`) instead of the
   * loading state: an admin list keeps its rows while the next page or search loads.
   */
  keepPrevious?: boolean;
};

export type LoadState<T> = {
  /** What the screen shows: the latest answer, what was shown before a failed load, or `empty`. */
  data: T;
  /** Nothing is shown yet for this key (first load, or a new key without keepPrevious). */
  loading: boolean;
  /** A load, reload or extend is running while `data` is shown. */
  busy: boolean;
  /** The last load for this key failed; `data` is what was shown before it. */
  failed: boolean;
  /** `data` answers an earlier key (keepPrevious, while the new one loads or after it failed). */
  stale: boolean;
  /** Loads the same key again; what is shown stays until the answer arrives. */
  reload: () => void;
  /** Adds to what is shown (`next` gets it and returns the new whole); one at a time. */
  extend: (next: (shown: T) => Promise<T>) => void;
};

/** One request: the key and how many times it was (re)loaded. */
type Request = { key: string; version: number };

type Settled<T> = {
  /** The request this answers (a failed one included). */
  request: string;
  /** The key `data` belongs to (an earlier one after a failed first load with keepPrevious). */
  dataKey: string | null;
  data: T;
  failed: boolean;
  /** The build's answer, not yet refreshed in the browser. */
  fromBuild: boolean;
};

const requestId = ({ key, version }: Request) => `${version}:${key}`;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useLoad<T>(
  key: string,
  // The signal is aborted when the answer is no longer wanted (the screen left, or a new request
  // replaced it): a loader that passes it on stops its request and the client's retries.
  load: (signal?: AbortSignal) => Promise<T>,
  { empty, prerender = false, keepPrevious = false, prerenderKey }: LoadOptions<T>,
): LoadState<T> {
  const prerendered = usePrerendered(prerender ? key : undefined, load);
  const other = prerender && keepPrevious && prerenderKey !== key ? prerenderKey : undefined;
  // Never a load of its own: on the server the address is the prerendered view's, `key` itself.
  const built = usePrerendered(other, load);
  const [version, setVersion] = useState(0);
  const request = requestId({ key, version });
  const [settled, setSettled] = useState<Settled<T> | null>(() => {
    if (prerendered)
      return { request, dataKey: key, data: prerendered.value, failed: false, fromBuild: true };
    if (built && other)
      return { request: '', dataKey: other, data: built.value, failed: false, fromBuild: true };
    return null;
  });
  const [extending, setExtending] = useState(false);
  // Set at once (a second call in the same frame must see it), unlike state.
  const extendRunning = useRef(false);
  // The effect reads the latest `load` (a new closure every render) and what is on screen.
  const latest = useRef({ load, settled, empty });
  useEffect(() => {
    latest.current = { load, settled, empty };
  });

  useEffect(() => {
    let current = true;
    const shown = latest.current.settled;
    // The build's answer for this very request: refresh it quietly, once the browser is idle.
    const refresh = shown !== null && shown.fromBuild && shown.request === request;
    let cancelIdle = () => {};
    const abort = new AbortController();
    const loaded = refresh
      ? new Promise<void>((resolve) => (cancelIdle = whenIdle(resolve))).then(() =>
          latest.current.load(abort.signal),
        )
      : latest.current.load(abort.signal);
    loaded.then(
      (data) => {
        if (!current) return;
        const settle = (previous: Settled<T> | null): Settled<T> =>
          refresh && previous === shown && sameJson(previous.data, data)
            ? previous
            : { request, dataKey: key, data, failed: false, fromBuild: false };
        if (refresh) startTransition(() => setSettled(settle));
        else setSettled(settle);
      },
      (error: unknown) => {
        if (!current) return;
        console.warn(`Could not load ${key}`, error);
        setSettled((previous) => {
          // The build's answer stays, as anything shown does: a failed refresh changes nothing.
          if (refresh && previous === shown) return previous;
          const keep = previous && (previous.dataKey === key || keepPrevious) ? previous : null;
          return {
            request,
            dataKey: keep ? keep.dataKey : null,
            data: keep ? keep.data : latest.current.empty,
            failed: true,
            fromBuild: false,
          };
        });
      },
    );
    return () => {
      current = false;
      cancelIdle();
      abort.abort();
    };
    // `request` names the load (key and version): the effect runs once per request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);

  const answered = settled !== null && settled.request === request;
  const extend = useCallback(
    (next: (shown: T) => Promise<T>) => {
      const base = latest.current.settled;
      if (extendRunning.current || !answered || !base || base.dataKey !== key) return;
      extendRunning.current = true;
      setExtending(true);
      const still = (previous: Settled<T> | null): previous is Settled<T> =>
        previous !== null && previous.request === base.request && previous.dataKey === key;
      next(base.data).then(
        (data) => {
          extendRunning.current = false;
          setExtending(false);
          setSettled((previous) =>
            still(previous) ? { ...previous, data, failed: false, fromBuild: false } : previous,
          );
        },
        (error: unknown) => {
          console.warn(`Could not load more of ${key}`, error);
          extendRunning.current = false;
          setExtending(false);
          setSettled((previous) => (still(previous) ? { ...previous, failed: true } : previous));
        },
      );
    },
    [answered, key],
  );

  const ownData = settled !== null && settled.dataKey === key;
  const shows = settled !== null && settled.dataKey !== null && (ownData || keepPrevious);
  return {
    data: shows ? settled.data : empty,
    loading: !shows && !answered,
    busy: !answered || extending,
    failed: answered && settled.failed,
    stale: shows && !ownData,
    reload,
    extend,
  };
}
