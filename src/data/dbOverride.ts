// The data client a test (or the build) gives the pages, without importing the REST client: the
// layout reads it for the site's settings, and the layout is in every page's first download,
// which supabase-js would add 8 KB (gzip) to (src/data/SiteSettingsProvider.tsx).
import { createContext } from 'react';
import type { DbClient } from './client';

/** Null: the public client (src/data/client.ts). */
export const DbOverride = createContext<DbClient | null>(null);
