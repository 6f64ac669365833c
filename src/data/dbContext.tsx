// The data client pages read through. The site uses the public anon client; tests provide a
// client whose HTTP answers they control.
import { useContext, type ReactNode } from 'react';
import { publicDb, type DbClient } from './client';
import { DbOverride } from './dbOverride';

export function DbProvider({ db, children }: { db: DbClient; children: ReactNode }) {
  return <DbOverride.Provider value={db}>{children}</DbOverride.Provider>;
}

export function useDb(): DbClient {
  return useContext(DbOverride) ?? publicDb;
}
