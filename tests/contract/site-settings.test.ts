// Issue 12 in the database: typed settings refuse values that are not their type (the trigger of
// supabase/schemas/settings.sql), with a message the settings screen shows; the site reads them back
// as typed facts; events are ordered by their real dates in the public and the admin list.
import { afterAll, describe, expect, test } from 'vitest';
import { eventsAdmin, listPublishedEvents } from '../../src/data/events';
import { loadSiteSettings } from '../../src/data/siteSettings';
import { email } from '../../src/lib/validation';
import { mediaImage, oneLine, phone, webAddress, wholeNumber } from '../../src/lib/field-rules';
import type { Insert } from '../../src/data/types';
import { setupTestEmulator } from './harness';

const em = setupTestEmulator();

const originals = new Map<string, string>();
async function setValue(key: string, value: string) {
  if (!originals.has(key)) {
    const { data } = await em()
      .service.from('site_settings')
      .select('value')
      .eq('key', key)
      .single();
    originals.set(key, data?.value ?? '');
  }
  return em()
    .admin.from('site_settings')
    .update({ value, updated_at: new Date().toISOString() })
    .eq('key', key)
    .select('value');
}

afterAll(async () => {
  for (const [key, value] of originals) {
    await em().service.from('site_settings').update({ value }).eq('key', key);
  }
});

describe('typed settings', () => {
  // The messages are the field rules' (src/lib/validation.ts): the form and the trigger say the
  // same under the field (supabase/schemas/settings.sql).
  test.each([
    ['fundraising_goal', 'eleven-ish', wholeNumber().message],
    ['fundraising_adjustment', '3,950', wholeNumber().message],
    ['donate_url', 'javascript:alert(1)', webAddress.message],
    ['contact_email', 'info at rally', email.message],
    ['contact_phone', 'call us', phone.message],
    // The settings' old phone rule took these (6 to 30 of digits, spaces, brackets, + and -).
    ['contact_phone', '------', phone.message],
    ['contact_phone', '123456', phone.message],
    ['charity_name', '   ', 'Charity name is required.'],
    ['postal_address', 'PO Box 1\nLondon', oneLine.message],
    ['hero_home', 'javascript:alert(1)', mediaImage.message],
    ['hero_videos', '../private/registrations.webp', mediaImage.message],
  ])('%s refuses %j with a clear message', async (key, value, message) => {
    const { error, status } = await setValue(key, value);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe(message);
    const { data } = await em().anon.from('site_settings').select('value').eq('key', key).single();
    expect(data?.value).not.toBe(value);
  });

  test('stores valid values trimmed, and the site reads them as numbers, dates and URLs', async () => {
    for (const [key, value] of [
      ['charity_number', '1234567'],
      ['donate_url', 'https://give.example.org/rally'],
      // Dots between the digits, as the public forms' phone rule allows (refused before 001200).
      ['contact_phone', '+44 20.7946.0321'],
      ['social_instagram', ''],
      ['fundraising_adjustment', ' 31000 '],
    ] as const) {
      const { error, data } = await setValue(key, value);
      expect(error).toBeNull();
      expect(data?.[0]?.value).toBe(value.trim());
    }
    const settings = await loadSiteSettings(em().anon);
    // The total is funds_raised_to_date(): no rally has recorded funds here, so the adjustment.
    // The edition's facts are the current edition's row (pence), no longer settings.
    expect(settings.edition).toMatchObject({ year: 2026, price: 395_000, deposit: 25_000 });
    expect(settings.edition.startDate).toBe('2026-06-22');
    expect(settings.organisation.charityNumber).toBe('1234567');
    expect(settings.organisation.donateUrl).toBe('https://give.example.org/rally');
    expect(settings.organisation.social.map((link) => link.label)).toEqual(['Facebook', 'YouTube']);
    expect(settings.fundraising).toEqual({ raised: 3_100_000, goal: 15_000_000 });
  });

  test('page heroes (issue 15): a library path or an image address is stored, and the site reads each by its page', async () => {
    for (const [key, value] of [
      ['hero_gallery', 'seed/gallery/lake-como.840x560.webp'],
      ['hero_contact', 'https://images.example.org/contact.jpg'],
      ['hero_news', ''],
    ] as const) {
      const { error } = await setValue(key, value);
      expect(error).toBeNull();
    }
    const { heroes } = await loadSiteSettings(em().anon);
    expect(heroes['/gallery']).toBe('seed/gallery/lake-como.840x560.webp');
    expect(heroes['/contact']).toBe('https://images.example.org/contact.jpg');
    expect(heroes['/news']).toBeUndefined();
    // A visitor cannot choose one.
    const { data } = await em()
      .visitor.from('site_settings')
      .update({ value: 'https://evil.example.org/x.png' })
      .eq('key', 'hero_home')
      .select('value');
    expect(data ?? []).toEqual([]);
  });

  test("nobody, administrators included, changes a setting's type, label or group", async () => {
    for (const client of [em().anon, em().visitor, em().admin]) {
      const { error } = await client
        .from('site_settings')
        .update({ type: 'text', label: 'x', group_name: 'pages', required: false })
        .eq('key', 'fundraising_goal');
      expect(error?.code).toBe('42501');
    }
    const { data } = await em()
      .anon.from('site_settings')
      .select('type, required')
      .eq('key', 'fundraising_goal')
      .single();
    expect(data).toEqual({ type: 'integer', required: true });
  });
});

describe('events by date', () => {
  test("the public and admin lists order by start date: the seed's April before its May events", async () => {
    const rows: Insert<'events'>[] = [
      { name: 'Auction', starts_on: '2026-05-15', time: '19:00' },
      { name: 'Rally', starts_on: '2026-06-22', ends_on: '2026-06-28' },
      { name: 'Spring meetup', starts_on: '2026-04-18', time: '10:00' },
      { name: 'Workshop', starts_on: '2026-05-10', time: '09:30' },
      { name: 'Reunion', starts_on: '2026-09-12', date: 'September 2026 (date TBC)' },
    ].map((row: Omit<Insert<'events'>, 'location'>) => ({
      location: 'Somewhere',
      published: true,
      ...row,
    }));
    // One at a time, so each row's omitted columns take their defaults.
    for (const row of rows) {
      const { error } = await em().service.from('events').insert(row);
      expect(error).toBeNull();
    }
    const expected = ['Spring meetup', 'Workshop', 'Auction', 'Rally', 'Reunion'];
    const published = await listPublishedEvents(em().anon);
    expect(published.map((event) => event.name)).toEqual(expected);
    const page = await eventsAdmin.listPage(em().admin, {
      search: '',
      status: null,
      filters: {},
      sort: 'date',
      page: 1,
      pageSize: 20,
    });
    expect(page.rows.map((event) => event.name)).toEqual(expected);
  });

  test('refuses an end date before the start date', async () => {
    const { error } = await em()
      .admin.from('events')
      .insert({ name: 'Backwards', location: 'x', starts_on: '2026-05-02', ends_on: '2026-05-01' });
    expect(error?.code).toBe('23514');
  });
});
