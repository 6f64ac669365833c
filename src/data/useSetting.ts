// One site setting as a page reads it: prerendered with the page, refreshed in the browser.
import { getSetting, type SettingKey } from './settings';
import { useLoad, type LoadState } from '../lib/useLoad';
import { useDb } from './dbContext';

/** The setting's value (null when it is missing, blank or could not be read). */
export function useSetting(key: SettingKey): LoadState<string | null> {
  const db = useDb();
  return useLoad(`setting:${key}`, () => getSetting(key, db), { empty: null, prerender: true });
}
