// Site settings: fixed keys whose values the administrator edits.
import { publicDb, type DbClient } from '../lib/rest';

export const SETTING_KEYS = {
  spotsRemaining: 'rally_spots_remaining',
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
