import { describe, expect, it } from 'vitest';
import { EDITION_DEFAULTS } from '../config/site-defaults';
import type { Edition } from './types';
import { DEFAULT_SITE_SETTINGS, toSiteSettings } from './siteSettings';

/** An edition's row as the database answers it. */
const row = (year: number, changes: Partial<Edition> = {}): Edition => ({
  id: `00000000-0000-4000-8000-00000000${year}`,
  year,
  name: `${year} Alpine Rally`,
  start_date: `${year}-06-21`,
  end_date: `${year}-06-27`,
  start_place: 'Dover',
  finish_place: 'Innsbruck',
  price_per_car: 410_000,
  deposit: 30_000,
  separate_rooms_supplement: 45_000,
  capacity: 20,
  registration_opens: `${year - 1}-11-24`,
  registration_closes: `${year}-05-31`,
  balance_due: `${year}-04-30`,
  status: 'published',
  is_current: true,
  funds_raised: null,
  details_cutoff_days: 14,
  waiting_list_offer_hours: 48,
  cancellation_tiers: [
    { from_days: 91, percent: 50 },
    { from_days: 60, percent: 25 },
  ],
  created_at: '2026-11-24T12:00:00Z',
  updated_at: '2026-11-24T12:00:00Z',
  ...changes,
});

describe('toSiteSettings', () => {
  it('reads each setting by its type, and the edition from the current edition’s row', () => {
    const settings = toSiteSettings(
      { charity_number: '1234567', social_youtube: '', fundraising_adjustment: '5000' },
      { current: row(2027), next: row(2028, { is_current: false }), raised: 4_280_000 },
    );
    expect(settings.edition).toEqual({
      name: '2027 Alpine Rally',
      year: 2027,
      startDate: '2027-06-21',
      endDate: '2027-06-27',
      startPlace: 'Dover',
      finishPlace: 'Innsbruck',
      price: 410_000,
      deposit: 30_000,
      separateRoomsSupplement: 45_000,
      capacity: 20,
      registrationOpens: '2026-11-24',
      registrationCloses: '2027-05-31',
      balanceDue: '2027-04-30',
      cancellationTiers: [
        { fromDays: 91, percent: 50 },
        { fromDays: 60, percent: 25 },
      ],
      next: { name: '2028 Alpine Rally', url: null, date: '2028-06-21' },
    });
    expect(settings.fundraising.raised).toBe(4_280_000);
    expect(settings.organisation.charityNumber).toBe('1234567');
    expect(settings.organisation.social.map((link) => link.label)).toEqual([
      'Facebook',
      'Instagram',
    ]);
  });

  it("reads the edition's cancellation tiers", () => {
    const tiers = [
      { from_days: 120, percent: 75 },
      { from_days: 30, percent: 10 },
    ];
    expect(
      toSiteSettings({}, { current: row(2027, { cancellation_tiers: tiers }) }).edition
        .cancellationTiers,
    ).toEqual([
      { fromDays: 120, percent: 75 },
      { fromDays: 30, percent: 10 },
    ]);
  });

  it('falls back to the seed where a row is missing or unreadable', () => {
    const settings = toSiteSettings({ fundraising_goal: 'lots' });
    expect(settings.edition).toEqual(EDITION_DEFAULTS);
    expect(settings.fundraising.goal).toBe(DEFAULT_SITE_SETTINGS.fundraising.goal);
    // Without the database's total, the offline adjustment alone (whole pounds → pence).
    expect(toSiteSettings({ fundraising_adjustment: '12' }).fundraising.raised).toBe(1200);
    expect(settings.organisation.donateUrl).toBeNull();
  });
});
