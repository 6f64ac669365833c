// The site's editable facts (SiteSettings) read from site_settings: one request for all of them,
// each value read by its type and, where a row is missing or its value unreadable, the seed value
// from src/config/site-defaults.ts in its place. Amounts (whole pounds in the table) become pence.
import {
  HERO_SETTINGS,
  SETTING_DEFAULTS,
  SOCIAL_SETTINGS,
  type SiteSettingKey,
  type SiteSettings,
} from '../config/site-defaults';
import { penceFromPounds } from '../lib/money';
import { readDate, readInteger, readUrl } from '../lib/settingRead';
import type { DbClient } from './client';

/** Values by key, as stored. */
export type SettingValues = Partial<Record<string, string>>;

/** The typed facts from stored values; every key falls back to its seed value. */
export function toSiteSettings(values: SettingValues): SiteSettings {
  const text = (key: SiteSettingKey): string => values[key]?.trim() || SETTING_DEFAULTS[key];
  const optional = (key: SiteSettingKey): string | null => text(key) || null;
  const fallback = <T>(key: SiteSettingKey, read: (value: string) => T | null): T =>
    read(values[key] ?? '') ?? (read(SETTING_DEFAULTS[key]) as T);
  const integer = (key: SiteSettingKey) => fallback(key, readInteger);
  const date = (key: SiteSettingKey) => fallback(key, readDate);
  // Amounts are whole pounds in the table, pence everywhere in the code: converted here, once.
  const pence = (key: SiteSettingKey) => penceFromPounds(integer(key));
  const nextName = optional('next_edition_name');
  return {
    edition: {
      name: text('rally_name'),
      year: integer('rally_year'),
      startDate: date('rally_start_date'),
      endDate: date('rally_end_date'),
      startPlace: text('rally_start_place'),
      finishPlace: text('rally_finish_place'),
      price: pence('rally_price'),
      deposit: pence('rally_deposit'),
      capacity: integer('rally_capacity'),
      registrationOpens: date('registration_opens'),
      registrationCloses: date('registration_closes'),
      next: nextName
        ? {
            name: nextName,
            url: readUrl(text('next_edition_url')),
            date: readDate(text('next_edition_date')),
          }
        : null,
    },
    organisation: {
      name: text('charity_name'),
      charityNumber: optional('charity_number'),
      email: text('contact_email'),
      phone: text('contact_phone'),
      address: text('postal_address'),
      social: SOCIAL_SETTINGS.flatMap(({ key, label }) => {
        const href = readUrl(values[key] ?? SETTING_DEFAULTS[key]);
        return href ? [{ label, href }] : [];
      }),
      donateUrl: readUrl(values.donate_url ?? ''),
    },
    fundraising: { raised: pence('fundraising_raised'), goal: pence('fundraising_goal') },
    heroes: Object.fromEntries(
      Object.entries(HERO_SETTINGS).flatMap(([key, path]) => {
        const image = values[key]?.trim();
        return image ? [[path, image]] : [];
      }),
    ),
  };
}

/** The seed's facts: what a page shows where it has no provider (tests) or no answer yet. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = toSiteSettings({});

/** Every setting's value, read as the site's facts. */
export async function loadSiteSettings(db: DbClient, signal?: AbortSignal): Promise<SiteSettings> {
  const query = db.from('site_settings').select('key, value');
  const { data } = await (signal ? query.abortSignal(signal) : query).throwOnError();
  return toSiteSettings(Object.fromEntries(data.map((row) => [row.key, row.value])));
}
