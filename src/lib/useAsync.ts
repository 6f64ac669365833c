// Loads data in an effect (so server rendering shows the loading state) and never leaves a
// page spinning: a failure is logged and the page falls back to its empty value.
import { useEffect, useState, type DependencyList } from 'react';

export type AsyncState<T> = { loading: boolean; data: T; failed: boolean };

type Settled<T> = { deps: DependencyList; data: T; failed: boolean };

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export function useAsync<T>(load: () => Promise<T>, empty: T, deps: DependencyList): AsyncState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);

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
