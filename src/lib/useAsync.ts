// Loads data in an effect and never leaves a page spinning: a failure is logged and the page
// falls back to its empty value. With a `prerender` key the first render starts from the answer
// the build put in the page's HTML (see prerendered.tsx), and the effect then refreshes it (a
// failed refresh keeps it, and it waits until the browser is idle: the page is complete
// meanwhile, and adopting it comes first); without one, server rendering shows the loading state.
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { usePrerendered } from './prerendered';

/** Runs `callback` once the browser has nothing more urgent to do (soon, at the latest). */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 50);
  return () => clearTimeout(handle);
}

export type AsyncState<T> = { loading: boolean; data: T; failed: boolean };

type Settled<T> = { deps: DependencyList; data: T; failed: boolean };

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export function useAsync<T>(
  load: () => Promise<T>,
  empty: T,
  deps: DependencyList,
  prerender?: string,
): AsyncState<T> {
  const prerendered = usePrerendered(prerender, load);
  const [settled, setSettled] = useState<Settled<T> | null>(() =>
    prerendered ? { deps, data: prerendered.value, failed: false } : null,
  );

  useEffect(() => {
    let current = true;
    // What is on screen for these inputs already (the build's answer, being refreshed).
    const shown = (previous: Settled<T> | null) =>
      previous && !previous.failed && sameDeps(previous.deps, deps) ? previous : null;
    const refreshing = Boolean(settled && shown(settled));
    let cancelIdle = () => {};
    const loaded = refreshing
      ? new Promise<void>((resolve) => (cancelIdle = whenIdle(resolve))).then(load)
      : load();
    loaded.then(
      (data) => {
        if (!current) return;
        const settle = (previous: Settled<T> | null) => {
          const same = shown(previous);
          return same && JSON.stringify(same.data) === JSON.stringify(data)
            ? same
            : { deps, data, failed: false };
        };
        // A refresh of what is shown redraws in a transition (short slices, the visitor first)
        // and not at all when the answer has not changed; a first answer is drawn at once.
        if (refreshing) startTransition(() => setSettled(settle));
        else setSettled(settle);
      },
      (error: unknown) => {
        console.warn('Could not load data', error);
        // A failed refresh keeps what is shown; a failed first load shows the empty state.
        if (current)
          setSettled((previous) => shown(previous) ?? { deps, data: empty, failed: true });
      },
    );
    return () => {
      current = false;
      cancelIdle();
    };
    // The caller names the inputs `load` depends on, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  // An answer for earlier inputs (say, the previous article) counts as still loading.
  if (!settled || !sameDeps(settled.deps, deps))
    return { loading: true, data: empty, failed: false };
  return { loading: false, data: settled.data, failed: settled.failed };
}
