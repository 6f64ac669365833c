// The site's editable facts as the code reads them (SiteSettings), and their seed values: the
// only place in src/ that spells out the rally's dates, prices, contact details, charity identity
// and fundraising figures. The database's site_settings rows (migration 20260302000000, same
// values) are what the site shows; these stand in only where a row is missing or unreadable, so
// a page never renders without them. tests/lint/hard-coded-facts.test.ts keeps it the only place.

import { paths } from './paths';

/** A calendar date, 'YYYY-MM-DD' (no time zone: the rally's days are the visitor's days). */
export type CalendarDate = string;

export type SocialLink = { label: string; href: string };

export type SiteSettings = {
  edition: {
    name: string;
    year: number;
    startDate: CalendarDate;
    endDate: CalendarDate;
    startPlace: string;
    finishPlace: string;
    /** Pence (the setting is whole pounds: src/data/siteSettings.ts converts). */
    price: number;
    deposit: number;
    /** Cars. */
    capacity: number;
    registrationOpens: CalendarDate;
    registrationCloses: CalendarDate;
    /** Shown after the rally when set. */
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
  };
  /** Pence, like the price. */
  fundraising: { raised: number; goal: number };
  /** Each page's hero photograph (a media bucket path or a URL), by route path; absent: none. */
  heroes: Partial<Record<string, string>>;
};

/** The seed values, by setting key (as the migration inserts them). */
export const SETTING_DEFAULTS = {
  rally_name: '2026 Europe Rally',
  rally_year: '2026',
  rally_start_date: '2026-06-22',
  rally_end_date: '2026-06-28',
  rally_start_place: 'United Kingdom',
  rally_finish_place: 'Austria',
  rally_price: '3950',
  rally_deposit: '250',
  rally_capacity: '12',
  registration_opens: '2025-09-01',
  registration_closes: '2026-05-31',
  next_edition_name: '',
  next_edition_url: '',
  next_edition_date: '',
  charity_name: 'Europe Rally',
  charity_number: '',
  contact_email: 'info@europerally.org.uk',
  contact_phone: '+44 (0)20 7946 0321',
  postal_address: 'Europe Rally, PO Box 2026, London, United Kingdom',
  social_facebook: 'https://www.facebook.com/',
  social_instagram: 'https://www.instagram.com/',
  social_youtube: 'https://www.youtube.com/',
  donate_url: '',
  fundraising_raised: '27000',
  fundraising_goal: '150000',
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
  hero_rally: paths.rally,
  hero_gallery: paths.gallery,
  hero_videos: paths.videos,
  hero_news: paths.news,
  hero_sponsors: paths.sponsors,
  hero_about: paths.about,
  hero_contact: paths.contact,
  hero_sign_up: paths.signUp,
} as const satisfies Partial<Record<SiteSettingKey, string>>;
