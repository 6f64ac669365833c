// Issue 22, the public site's editions (supabase/schemas/editions.sql): a past edition's page counts
// its cars through edition_cars(year), which answers the number of paid cars of a published
// edition and nothing for a draft or an unknown year; and "Tell me when the next rally opens"
// (subscribe_newsletter source 'next-rally') keeps the address on the next edition's waiting list,
// or as a subscriber while no next edition exists. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { subscribe } from '../../src/data/newsletter';
import { setupTestEmulator } from './harness';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';

const em = setupTestEmulator();

async function editionId(year: number): Promise<string> {
  const { data } = await em().service.from('editions').select('id').eq('year', year).single();
  return data?.id ?? '';
}

async function addEdition(year: number, status: 'draft' | 'published') {
  const { error } = await em()
    .service.from('editions')
    .insert({
      year,
      name: `${year} Europe Rally`,
      start_date: `${year}-06-20`,
      end_date: `${year}-06-26`,
      price_per_car: 420_000,
      deposit: 30_000,
      capacity: 12,
      registration_opens: `${year - 1}-11-24`,
      registration_closes: `${year}-05-31`,
      status,
    });
  expect(error).toBeNull();
}

async function addCar(
  edition: string,
  deposit: 'paid' | 'pending',
  status: 'new' | 'cancelled' = 'new',
) {
  const { error } = await em()
    .service.from('registrations')
    .insert({
      lead_driver_name: 'Driver',
      lead_driver_email: `cars.${randomUUID()}@example.org`,
      lead_driver_phone: '07700 900123',
      deposit_status: deposit,
      status,
      edition_id: edition,
    });
  expect(error).toBeNull();
}

afterEach(async () => {
  await em().service.rpc('make_current_edition', { edition_year: 2026 });
  await em().service.from('newsletter_subscribers').delete().like('email', 'next.%');
  await em().service.from('editions').delete().gt('year', 2026);
});

describe('edition_cars(year)', () => {
  test('counts the paid, uncancelled cars of a published edition, for anyone', async () => {
    const id = await editionId(2026);
    const before = (await em().anon.rpc('edition_cars', { edition_year: 2026 })).data ?? 0;
    await addCar(id, 'paid');
    await addCar(id, 'paid');
    await addCar(id, 'pending');
    await addCar(id, 'paid', 'cancelled');
    const { data, error } = await em().anon.rpc('edition_cars', { edition_year: 2026 });
    expect(error).toBeNull();
    expect(data).toBe(before + 2);
    await em().service.from('registrations').delete().like('lead_driver_email', 'cars.%');
  });

  test('answers nothing for a draft edition or a year without one', async () => {
    await addEdition(2028, 'draft');
    await addCar(await editionId(2028), 'paid');
    expect((await em().anon.rpc('edition_cars', { edition_year: 2028 })).data).toBeNull();
    expect((await em().anon.rpc('edition_cars', { edition_year: 1999 })).data).toBeNull();
    await em().service.from('registrations').delete().like('lead_driver_email', 'cars.%');
  });
});

describe("subscribe_newsletter's 'next-rally'", () => {
  async function stored(email: string) {
    const { data } = await em()
      .service.from('newsletter_subscribers')
      .select('source, edition_id')
      .eq('email', email)
      .single();
    return data;
  }

  test('with no next edition, keeps the address as a subscriber', async () => {
    const email = `next.${randomUUID()}@example.org`;
    await subscribe(email, 'next-rally', '', em().anon);
    expect(await stored(email)).toEqual({ source: 'footer', edition_id: null });
  });

  test("with a next edition (even a draft), puts it on that edition's waiting list", async () => {
    await addEdition(2027, 'draft');
    const email = `next.${randomUUID()}@example.org`;
    await subscribe(email, 'next-rally', '', em().anon);
    expect(await stored(email)).toEqual({ source: 'waitlist', edition_id: await editionId(2027) });
  });

  test('an unknown source is still refused', async () => {
    const { error } = await em().anon.rpc('subscribe_newsletter', {
      email: `next.${randomUUID()}@example.org`,
      source: 'everything',
      consent_version: NEWSLETTER_CONSENT.version,
    });
    expect(error?.message).toBe('Unknown sign-up source.');
  });
});
