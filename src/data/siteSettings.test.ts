import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, toSiteSettings } from './siteSettings';

describe('toSiteSettings', () => {
  it('reads each value by its type', () => {
    const settings = toSiteSettings({
      rally_price: '4100',
      rally_capacity: '20',
      rally_start_date: '2027-06-21',
      charity_number: '1234567',
      social_youtube: '',
      next_edition_name: '2027 Europe Rally',
      next_edition_url: 'https://example.org/2027',
    });
    expect(settings.edition.price).toBe(410_000);
    expect(settings.edition.capacity).toBe(20);
    expect(settings.edition.startDate).toBe('2027-06-21');
    expect(settings.edition.next).toEqual({
      name: '2027 Europe Rally',
      url: 'https://example.org/2027',
      date: null,
    });
    expect(settings.organisation.charityNumber).toBe('1234567');
    expect(settings.organisation.social.map((link) => link.label)).toEqual([
      'Facebook',
      'Instagram',
    ]);
  });

  it('falls back to the seed value where a row is missing or unreadable', () => {
    const settings = toSiteSettings({ rally_price: 'lots', rally_start_date: 'soon' });
    expect(settings.edition.price).toBe(DEFAULT_SITE_SETTINGS.edition.price);
    expect(settings.edition.startDate).toBe(DEFAULT_SITE_SETTINGS.edition.startDate);
    expect(settings.organisation.donateUrl).toBeNull();
  });
});
