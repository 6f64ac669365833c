// Site settings for the administrator's settings screen: fixed keys whose values the administrator
// edits. The site reads them as typed facts through siteSettings.ts; places left are counted by
// rally_places() (src/data/places.ts).
import type { FieldRefusal } from '../lib/validation';
import type { DbClient } from './client';
import type { SiteSetting } from './types';

/** The database's trigger refused the value (private.validate_site_setting), saying why. */
export class SettingRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SettingRefusedError';
    this.refusal = { field: 'value', message };
  }
  /** The settings form's one field, with the trigger's sentence. */
  readonly refusal: FieldRefusal;
}

/** Every setting, by key, for the administrator's settings screen. */
export async function listSettings(db: DbClient): Promise<SiteSetting[]> {
  const { data } = await db.from('site_settings').select('*').order('key').throwOnError();
  return data;
}

/**
 * Changes one setting's value (keys are fixed by supabase/schemas/settings.sql; they are never
 * created here). A value the trigger refuses (a CHECK, 23514) throws SettingRefusedError with its
 * sentence.
 */
export async function updateSetting(db: DbClient, key: string, value: string): Promise<void> {
  const { error } = await db
    .from('site_settings')
    .update({ value, updated_at: new Date().toISOString() })
    .eq('key', key);
  if (!error) return;
  throw error.code === '23514' ? new SettingRefusedError(error.message, { cause: error }) : error;
}
