// Site settings for the administrator's settings screen: fixed keys whose values the administrator
// edits. The site reads them as typed facts through siteSettings.ts; places left are counted by
// rally_places() (src/data/places.ts).
import type { DbClient } from './client';
import type { SiteSetting } from './types';

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
