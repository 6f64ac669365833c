// Loads data in an effect and never leaves a page spinning: a failure is logged and the page
// falls back to its empty value. With a `prerender` key the first render starts from the answer
// the build put in the page's HTML (see prerendered.tsx), and the effect then refreshes it;
// without one, server rendering shows the loading state.
import { useEffect, useState, type DependencyList } from 'react';
import { usePrerendered } from './prerendered';

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
    load().then(
      (data) => {
        if (current) setSettled({ deps, data, failed: false });
      },
      (error: unknown) => {
        console.warn('Could not load data', error);
        if (current) setSettled({ deps, data: empty, failed: true });
      },
    );
    return () => {
      current = false;
    };
    // The caller names the inputs `load` depends on, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  // An answer for earlier inputs (say, the previous article) counts as still loading.
  if (!settled || !sameDeps(settled.deps, deps))
    return { loading: true, data: empty, failed: false };
  return { loading: false, data: settled.data, failed: settled.failed };
}
