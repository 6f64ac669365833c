// The site's editable facts as the code reads them (SiteSettings), and their seed values: the
// only place in src/ that spells out the rally's dates, prices, contact details, charity identity
// and fundraising figures. The database is what the site shows: the current edition's row
// (public.editions, supabase/schemas/editions.sql, seeded with EDITION_DEFAULTS' values) and the
// site_settings rows (supabase/schemas/settings.sql, same values as SETTING_DEFAULTS); these
// stand in only where a row is missing or unreadable, so a page never renders without them.
// tests/lint/hard-coded-facts.test.ts keeps it the only place.

import { paths } from './paths';

/** A calendar date, 'YYYY-MM-DD' (no time zone: the rally's days are the visitor's days). */
export type CalendarDate = string;

export type SocialLink = { label: string; href: string };

export type CancellationTier = { fromDays: number; percent: number };

export type SiteSettings = {
  edition: {
    name: string;
    year: number;
    startDate: CalendarDate;
    endDate: CalendarDate;
    startPlace: string;
    finishPlace: string;
    /** Pence, as the edition's row holds them. */
    price: number;
    deposit: number;
    /** Pence; null until the organiser sets it. */
    separateRoomsSupplement: number | null;
    /** Cars. */
    capacity: number;
    registrationOpens: CalendarDate;
    registrationCloses: CalendarDate;
    /** Null until the organiser sets it. */
    balanceDue: CalendarDate | null;
    /**
     * The terms' cancellation refunds (the edition's cancellation_tiers), most days first: a
     * cancellation at least `fromDays` days before the start gets `percent` of what was paid
     * beyond the deposit; closer than the last tier, nothing.
     */
    cancellationTiers: readonly CancellationTier[];
    /** The next published edition, shown after the rally when there is one. */
    next: { name: string; url: string | null; date: CalendarDate | null } | null;
  };
  organisation: {
    name: string;
    /** Registered charity number; null until the organiser enters it. */
    charityNumber: string | null;
    email: string;
    phone: string;
    address: string;
    social: readonly SocialLink[];
    /** Null: the address the site was built with (VITE_DONATE_URL). */
    donateUrl: string | null;
    /**
     * Months after an edition ends before its teams' personal fields are anonymised (the
     * database's retention job reads the same setting); at least 1.
     */
    retentionMonths: number;
  };
  /**
   * Pence, like the price. `raised` is the database's total (funds_raised_to_date(): the editions'
   * and past tours' funds and the offline adjustment).
   */
  fundraising: { raised: number; goal: number };
  /** Each page's hero photograph (a media bucket path or a URL), by route path; absent: none. */
  heroes: Partial<Record<string, string>>;
};

/** The first edition's facts, as the schema seeds them (the 2026 rally, editions.sql). */
export const EDITION_DEFAULTS: SiteSettings['edition'] = {
  name: '2026 Europe Rally',
  year: 2026,
  startDate: '2026-06-22',
  endDate: '2026-06-28',
  startPlace: 'United Kingdom',
  finishPlace: 'Austria',
  price: 395_000,
  deposit: 25_000,
  separateRoomsSupplement: null,
  capacity: 12,
  registrationOpens: '2025-09-01',
  registrationCloses: '2026-05-31',
  balanceDue: null,
  cancellationTiers: [
    { fromDays: 91, percent: 50 },
    { fromDays: 60, percent: 25 },
  ],
  next: null,
};

/** The seed values, by setting key (as supabase/schemas/settings.sql inserts them). */
export const SETTING_DEFAULTS = {
  charity_name: 'Europe Rally',
  charity_number: '',
  contact_email: 'info@europerally.org.uk',
  contact_phone: '+44 (0)20 7946 0321',
  postal_address: 'Europe Rally, PO Box 2026, London, United Kingdom',
  social_facebook: 'https://www.facebook.com/',
  social_instagram: 'https://www.instagram.com/',
  social_youtube: 'https://www.youtube.com/',
  donate_url: '',
  /** Whole pounds raised outside the rallies and past tours (the old hand-typed total). */
  fundraising_adjustment: '27000',
  fundraising_goal: '150000',
  /** Months after an edition ends that its teams' personal data is kept. */
  retention_months: '12',
  hero_home: '',
  hero_rally: '',
  hero_gallery: '',
  hero_videos: '',
  hero_news: '',
  hero_sponsors: '',
  hero_about: '',
  hero_contact: '',
  hero_sign_up: '',
} as const;

export type SiteSettingKey = keyof typeof SETTING_DEFAULTS;

/** The social networks, in the footer's order, by the setting that holds each link. */
export const SOCIAL_SETTINGS = [
  { key: 'social_facebook', label: 'Facebook' },
  { key: 'social_instagram', label: 'Instagram' },
  { key: 'social_youtube', label: 'YouTube' },
] as const satisfies readonly { key: SiteSettingKey; label: string }[];

/** The page each hero setting belongs to, by its route path (src/config/paths.ts). */
export const HERO_SETTINGS = {
  hero_home: paths.home,
  // Every edition's page (/{year}-rally) shows the rally's hero.
  hero_rally: paths.rallyAlias,
  hero_gallery: paths.gallery,
  hero_videos: paths.videos,
  hero_news: paths.news,
  hero_sponsors: paths.sponsors,
  hero_about: paths.about,
  hero_contact: paths.contact,
  hero_sign_up: paths.signUp,
} as const satisfies Partial<Record<SiteSettingKey, string>>;
