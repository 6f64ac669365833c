// One cache entry per database for what PostgREST reads from the catalog once (tables, functions):
// concurrent first requests share one load, a failed load is forgotten so the next request retries,
// and `forget` drops it after DDL (PostgREST's `NOTIFY pgrst, 'reload schema'`).
import type { Db } from '../types';

export interface SchemaCache<T> {
  get(db: Db): Promise<T>;
  forget(db: Db): void;
}

export function schemaCache<T>(load: (db: Db) => Promise<T>): SchemaCache<T> {
  const entries = new WeakMap<Db, Promise<T>>();
  return {
    get(db) {
      let entry = entries.get(db);
      if (!entry) {
        entry = load(db);
        entry.catch(() => entries.delete(db));
        entries.set(db, entry);
      }
      return entry;
    },
    forget(db) {
      entries.delete(db);
    },
  };
}
