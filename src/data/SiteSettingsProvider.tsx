// The site's facts for every public page from one load: the layout provides them, prerendered
// with the page and loaded again in the browser (src/lib/useLoad), so a setting changed after the
// build corrects the page, its meta tags and its JSON-LD once the page is idle.
import { createContext, useContext, type ReactNode } from 'react';
import { DbOverride } from './dbOverride';
import type { SiteSettings } from '../config/site-defaults';
import { useLoad } from '../lib/useLoad';
import { DEFAULT_SITE_SETTINGS, loadSiteSettings } from './siteSettings';
import { loadRallyPlaces } from './calendar';
import type { RallyPlaces } from '../lib/calendar';

/** `loading`: no answer yet, so the facts are the seed's (the first render of the SPA shell). */
type SiteFacts = { settings: SiteSettings; places: RallyPlaces | null; loading: boolean };

const SiteSettingsContext = createContext<SiteFacts>({
  settings: DEFAULT_SITE_SETTINGS,
  places: null,
  loading: false,
});

export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  // The REST client is imported when the settings are loaded, not with the layout (dbOverride.ts).
  const override = useContext(DbOverride);
  const db = async () => override ?? (await import('./client')).publicDb;
  const { data: settings, loading } = useLoad(
    'site-settings',
    async (signal) => loadSiteSettings(await db(), signal),
    {
      empty: DEFAULT_SITE_SETTINGS,
      prerender: true,
    },
  );
  const { data: places } = useLoad('places', async () => loadRallyPlaces(await db()), {
    empty: null,
    prerender: true,
  });
  return (
    <SiteSettingsContext.Provider value={{ settings, places, loading }}>
      {children}
    </SiteSettingsContext.Provider>
  );
}

/** The site's facts (the seed's outside a provider, as in a component test). */
export function useSiteSettings(): SiteSettings {
  return useContext(SiteSettingsContext).settings;
}

/** Whether the site's facts are still the seed's, waiting for the database's answer. */
export function useSiteSettingsLoading(): boolean {
  return useContext(SiteSettingsContext).loading;
}

/** The places count, when known. */
export function useRallyPlaces(): RallyPlaces | null {
  return useContext(SiteSettingsContext).places;
}
