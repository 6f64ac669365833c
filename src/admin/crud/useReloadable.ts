// Data an admin screen loads when it opens and again after every change it makes. Unlike the
// public pages' useAsync, a reload keeps showing the current data until the new answer arrives.
import { useCallback, useEffect, useState } from 'react';

export function useReloadable<T>(load: () => Promise<T>, empty: T, what: string) {
  const [data, setData] = useState<T>(empty);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => {
        if (!current) return;
        setData(loaded);
        setFailed(false);
        setLoading(false);
      },
      (error: unknown) => {
        console.warn(`Could not load ${what}`, error);
        if (!current) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [load, what, version]);

  return { data, loading, failed, reload };
}
