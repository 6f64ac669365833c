// The site's editable facts (SiteSettings): the current edition's row (public.editions: its
// dates, places and prices, in pence) and the organisation's, fundraising and page settings
// (site_settings), read in parallel. Each setting is read by its type and, where a row is missing
// or its value unreadable, the seed value from src/config/site-defaults.ts stands in; so does the
// seed edition where no current edition can be read. Setting amounts (whole pounds) become pence.
import {
  EDITION_DEFAULTS,
  HERO_SETTINGS,
  SETTING_DEFAULTS,
  SOCIAL_SETTINGS,
  type SiteSettingKey,
  type SiteSettings,
} from '../config/site-defaults';
import { penceFromPounds } from '../../supabase/functions/_shared/formats/money';
import { readInteger, readUrl } from '../lib/settingRead';
import type { DbClient } from './client';
import type { Edition } from './types';

/** Values by key, as stored. */
export type SettingValues = Partial<Record<string, string>>;

/** What the database says beside the settings: the current edition, the next, the total raised. */
export type EditionFacts = {
  current?: Edition | null;
  next?: Edition | null;
  /** Pence (funds_raised_to_date()); when unknown, the offline adjustment alone. */
  raised?: number | null;
};

/** An edition's row as the pages read it. */
export function editionFacts(row: Edition, next: Edition | null = null): SiteSettings['edition'] {
  return {
    name: row.name,
    year: row.year,
    startDate: row.start_date,
    endDate: row.end_date,
    startPlace: row.start_place,
    finishPlace: row.finish_place,
    price: row.price_per_car,
    deposit: row.deposit,
    separateRoomsSupplement: row.separate_rooms_supplement,
    capacity: row.capacity,
    registrationOpens: row.registration_opens,
    registrationCloses: row.registration_closes,
    balanceDue: row.balance_due,
    // The database's check (private.is_cancellation_tiers) admits only this shape.
    cancellationTiers: (row.cancellation_tiers as { from_days: number; percent: number }[]).map(
      (tier) => ({ fromDays: tier.from_days, percent: tier.percent }),
    ),
    next: next ? { name: next.name, url: null, date: next.start_date } : null,
  };
}

/** The typed facts from stored values; every key falls back to its seed value. */
export function toSiteSettings(values: SettingValues, facts: EditionFacts = {}): SiteSettings {
  const text = (key: SiteSettingKey): string => values[key]?.trim() || SETTING_DEFAULTS[key];
  const optional = (key: SiteSettingKey): string | null => text(key) || null;
  const fallback = <T>(key: SiteSettingKey, read: (value: string) => T | null): T =>
    read(values[key] ?? '') ?? (read(SETTING_DEFAULTS[key]) as T);
  const integer = (key: SiteSettingKey) => fallback(key, readInteger);
  // Amounts are whole pounds in the table, pence everywhere in the code: converted here, once.
  const pence = (key: SiteSettingKey) => penceFromPounds(integer(key));
  return {
    edition: facts.current ? editionFacts(facts.current, facts.next ?? null) : EDITION_DEFAULTS,
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
      // As private.retention_months() reads it: 1 to 9999, else the seed stands in.
      retentionMonths: fallback('retention_months', (value) => {
        const months = readInteger(value);
        return months !== null && months >= 1 && months <= 9999 ? months : null;
      }),
    },
    fundraising: {
      raised: facts.raised ?? pence('fundraising_adjustment'),
      goal: pence('fundraising_goal'),
    },
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

/** Every setting's value and the current edition, read as the site's facts. */
export async function loadSiteSettings(db: DbClient, signal?: AbortSignal): Promise<SiteSettings> {
  // Imported here, not with the layout: the editions' module (the administrator's writes and
  // their refusals with it) would put the public entry over its 90 KB budget
  // (tests/budget/bundle.test.ts). The pages' shared chunk holds it, loaded beside every page.
  const { getFundsRaisedToDate, listPublishedEditions, nextEdition } = await import('./editions');
  const query = db.from('site_settings').select('key, value');
  const [settings, editions, raised] = await Promise.all([
    (signal ? query.abortSignal(signal) : query).throwOnError(),
    listPublishedEditions(db, signal),
    // The total is a figure beside the facts: without it the adjustment alone is shown.
    getFundsRaisedToDate(db, signal).catch(() => null),
  ]);
  const current = editions.find((edition) => edition.is_current) ?? null;
  return toSiteSettings(Object.fromEntries(settings.data.map((row) => [row.key, row.value])), {
    current,
    next: nextEdition(editions, current),
    raised,
  });
}
