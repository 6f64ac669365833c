// The data client pages read through. The site uses the public anon client; tests provide a
// client whose HTTP answers they control.
import { createContext, useContext, type ReactNode } from 'react';
import { publicDb, type DbClient } from './client';

const DbContext = createContext<DbClient>(publicDb);

export function DbProvider({ db, children }: { db: DbClient; children: ReactNode }) {
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}

export function useDb(): DbClient {
  return useContext(DbContext);
}
