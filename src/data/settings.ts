// Site settings: fixed keys whose values the administrator edits (the site reads them as typed
// facts through siteSettings.ts; places left are counted by rally_places(), src/data/places.ts).
import { publicDb, type DbClient } from './client';
import type { SiteSetting } from './types';

export const SETTING_KEYS = {
  /** Places on the rally; what remains is counted (src/data/places.ts), never typed. */
  rallyCapacity: 'rally_capacity',
  rallyStartDate: 'rally_start_date',
} as const;

export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The value of one setting, or null when it is missing or blank. */
export async function getSetting(key: SettingKey, db: DbClient = publicDb): Promise<string | null> {
  const { data } = await db
    .from('site_settings')
    .select('value')
    .eq('key', key)
    .maybeSingle()
    .throwOnError();
  const value = data?.value.trim();
  return value ? value : null;
}

/** Every setting, by key, for the administrator's settings screen. */
export async function listSettings(db: DbClient): Promise<SiteSetting[]> {
  const { data } = await db.from('site_settings').select('*').order('key').throwOnError();
  return data;
}

/** Changes one setting's value (keys are fixed by migrations; they are never created here). */
export async function updateSetting(db: DbClient, key: string, value: string): Promise<void> {
  await db
    .from('site_settings')
    .update({ value, updated_at: new Date().toISOString() })
    .eq('key', key)
    .throwOnError();
}
