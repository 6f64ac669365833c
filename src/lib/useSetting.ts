// One site setting as a page reads it: prerendered with the page, refreshed in the browser.
import { getSetting, type SettingKey } from '../data/settings';
import { useAsync, type AsyncState } from './useAsync';
import { useDb } from './dbContext';

/** The setting's value (null when it is missing, blank or could not be read). */
export function useSetting(key: SettingKey): AsyncState<string | null> {
  const db = useDb();
  return useAsync(() => getSetting(key, db), null, [db, key], `setting:${key}`);
}
