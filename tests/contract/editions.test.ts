// Editions (supabase/schemas/editions.sql): the rally is a yearly event. The 2026 edition a new
// database has; who reads and writes an edition; the date rules and the field each refusal names;
// places, registration and the deposit per edition (2026's paid cars do not fill 2027); "Make
// current" switching under a lock, so two at once leave exactly one current edition; an edition
// with registrations is never deleted. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import {
  deleteEdition,
  EditionRefusedError,
  getEditionByYear,
  makeCurrentEdition,
  saveEdition,
  type EditionInput,
} from '../../src/data/editions';
import { loadSiteSettings } from '../../src/data/siteSettings';
import { setupTestEmulator, type Client } from './harness';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';

// Each registration from a network of its own (the test header), so each holds its place.
const em = setupTestEmulator({ trustTestClientAddress: true });

/** A valid edition of `year` (20-26 June; registration from the previous November to 31 May). */
function edition(year: number, changes: Partial<EditionInput> = {}): EditionInput {
  return {
    year,
    name: `${year} Europe Rally`,
    start_date: `${year}-06-20`,
    end_date: `${year}-06-26`,
    start_place: 'Dover',
    finish_place: 'Innsbruck',
    price_per_car: 420_000,
    deposit: 30_000,
    capacity: 12,
    registration_opens: `${year - 1}-11-24`,
    registration_closes: `${year}-05-31`,
    status: 'published',
    ...changes,
  };
}

async function current(): Promise<{ id: string; year: number }[]> {
  const { data, error } = await em()
    .service.from('editions')
    .select('id, year')
    .eq('is_current', true);
  expect(error).toBeNull();
  return data ?? [];
}

async function places(client: Client = em().anon) {
  const { data, error } = await client.rpc('rally_places').single();
  expect(error).toBeNull();
  return data ?? { capacity: -1, taken: -1, remaining: -1 };
}

let counter = 0;
async function register(client: Client = em().anon) {
  counter += 1;
  return client
    .rpc('submit_registration', {
      lead_driver_name: `Driver ${counter}`,
      lead_driver_email: `editions.${counter}.${randomUUID()}@example.org`,
      lead_driver_phone: '07700 900123',
      accept_terms: true,
    })
    .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.18.22.${counter}`);
}

/** Registrations of an edition that hold a place: paid, as the webhook would have left them. */
async function paidCars(editionId: string, cars: number) {
  for (let car = 0; car < cars; car += 1) {
    const { error } = await em()
      .service.from('registrations')
      .insert({
        lead_driver_name: `Paid ${car}`,
        lead_driver_email: `paid.${randomUUID()}@example.org`,
        lead_driver_phone: '07700 900123',
        deposit_status: 'paid',
        deposit_amount: 25_000,
        deposit_currency: 'gbp',
        deposit_paid_at: '2026-03-20T10:00:00Z',
        edition_id: editionId,
      });
    expect(error).toBeNull();
  }
}

let seeded = { id: '', year: 0 };
beforeAll(async () => {
  [seeded = seeded] = await current();
});
// Every test leaves the seeded 2026 edition current, as the other files expect.
afterEach(async () => {
  em().emulator.setClock('2026-03-01');
  await em().service.rpc('make_current_edition', { edition_year: seeded.year });
});

describe('the 2026 edition a new database has', () => {
  test('is the one current edition, published, with the spec’s facts in pence', async () => {
    expect(seeded.year).toBe(2026);
    const row = await getEditionByYear(em().anon, 2026);
    expect(row).toMatchObject({
      name: '2026 Europe Rally',
      start_date: '2026-06-22',
      end_date: '2026-06-28',
      start_place: 'United Kingdom',
      finish_place: 'Austria',
      price_per_car: 395_000,
      deposit: 25_000,
      capacity: 12,
      registration_opens: '2025-09-01',
      registration_closes: '2026-05-31',
      status: 'published',
      is_current: true,
      funds_raised: null,
    });
  });

  test('the settings keep the organisation, fundraising and pages groups only', async () => {
    const { data } = await em().anon.from('site_settings').select('key, group_name');
    const groups = new Set(data?.map((row) => row.group_name));
    expect([...groups].sort()).toEqual(['fundraising', 'organisation', 'pages']);
    expect(data?.map((row) => row.key)).not.toContain('rally_capacity');
  });
});

describe('who reads and writes an edition', () => {
  let draftYear = 0;
  beforeAll(async () => {
    draftYear = (await saveEdition(em().admin, null, edition(2031, { status: 'draft' }))).year;
  });

  test.each(['anon', 'visitor'] as const)(
    '%s reads published editions, never a draft',
    async (caller) => {
      expect(await getEditionByYear(em()[caller], 2026)).not.toBeNull();
      expect(await getEditionByYear(em()[caller], draftYear)).toBeNull();
    },
  );

  test('an administrator reads the draft', async () => {
    expect(await getEditionByYear(em().admin, draftYear)).toMatchObject({ status: 'draft' });
  });

  test.each(['anon', 'visitor'] as const)('%s writes nothing', async (caller) => {
    await expect(saveEdition(em()[caller], null, edition(2032))).rejects.toMatchObject({
      code: '42501',
    });
    await expect(makeCurrentEdition(em()[caller], 2026)).rejects.toMatchObject({
      code: '42501',
    });
    expect(await getEditionByYear(em().admin, 2032)).toBeNull();
  });

  test('a draft cannot be made current, nor the current edition made a draft', async () => {
    const draft = makeCurrentEdition(em().admin, draftYear);
    await expect(draft).rejects.toBeInstanceOf(EditionRefusedError);
    await expect(draft).rejects.toMatchObject({ refusal: { field: 'status' } });
    await expect(
      saveEdition(em().admin, seeded.id, { ...edition(2026), status: 'draft' }),
    ).rejects.toMatchObject({ code: '23514', refusal: { field: 'status' } });
    expect(await current()).toEqual([seeded]);
  });
});

describe('the dates, amounts and the year are checked by the database, naming the field', () => {
  const cases: [string, Partial<EditionInput>, string][] = [
    ['an end before the start', { end_date: '2040-06-19' }, 'end_date'],
    [
      'registration closing on the first day',
      { registration_closes: '2040-06-20' },
      'registration_closes',
    ],
    [
      'registration opening after it closes',
      { registration_opens: '2040-06-01' },
      'registration_opens',
    ],
    ['the balance due on the first day', { balance_due: '2040-06-20' }, 'balance_due'],
    ['a negative price', { price_per_car: -1 }, 'price_per_car'],
    ['a negative deposit', { deposit: -100 }, 'deposit'],
    ['a negative supplement', { separate_rooms_supplement: -5 }, 'separate_rooms_supplement'],
    ['a negative capacity', { capacity: -1 }, 'capacity'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a year out of range', { year: 1999 }, 'year'],
  ];

  test.each(cases)('refuses %s (23514, the field in details)', async (_name, change, field) => {
    const attempt = saveEdition(em().admin, null, edition(2040, change));
    await expect(attempt).rejects.toBeInstanceOf(EditionRefusedError);
    await expect(attempt).rejects.toMatchObject({ code: '23514', refusal: { field } });
    const { error, status } = await em().admin.from('editions').insert(edition(2040, change));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', details: field });
    expect(await getEditionByYear(em().admin, 2040)).toBeNull();
  });

  test('accepts the edge: one-day rally, closing on its eve, balance due on its eve', async () => {
    const saved = await saveEdition(
      em().admin,
      null,
      edition(2041, {
        end_date: '2041-06-20',
        registration_opens: '2041-06-19',
        registration_closes: '2041-06-19',
        balance_due: '2041-06-19',
      }),
    );
    expect(saved).toMatchObject({ year: 2041, is_current: false });
    // The same year twice names the year.
    await expect(saveEdition(em().admin, null, edition(2041))).rejects.toMatchObject({
      refusal: { field: 'year', message: 'There is already an edition for 2041.' },
    });
  });

  test('the service role is refused the same', async () => {
    const { error } = await em()
      .service.from('editions')
      .update({ end_date: '2026-06-01' })
      .eq('id', seeded.id);
    expect(error?.code).toBe('23514');
  });
});

describe('places and registration per edition', () => {
  let next = { id: '', year: 2027 };
  beforeAll(async () => {
    const saved = await saveEdition(em().admin, null, edition(2027, { capacity: 2 }));
    next = { id: saved.id, year: saved.year };
    // Three paid 2026 cars.
    await paidCars(seeded.id, 3);
  });

  test('2026’s paid cars do not count in 2027; each edition counts its own', async () => {
    const before = await places();
    expect(before.taken).toBeGreaterThanOrEqual(3);
    em().emulator.setClock('2026-11-24');
    await makeCurrentEdition(em().admin, 2027);
    expect(await places()).toEqual({ capacity: 2, taken: 0, remaining: 2 });
    await makeCurrentEdition(em().admin, 2026);
    expect(await places()).toEqual(before);
  });

  test('a registration is for the current edition, inside its window and its capacity', async () => {
    await makeCurrentEdition(em().admin, 2027);
    // Before 2027 opens (24 November 2026), the refusal names 2027.
    em().emulator.setClock('2026-11-23');
    const early = await register();
    expect(early.error).toMatchObject({
      code: 'PT409',
      details: 'before-opening',
      message: 'Registration for the 2027 Europe Rally opens on 24 November 2026.',
    });
    em().emulator.setClock('2026-11-24');
    const first = await register();
    expect(first.error).toBeNull();
    const { data: row } = await em()
      .service.from('registrations')
      .select('edition_id')
      .eq('id', first.data ?? '')
      .single();
    expect(row?.edition_id).toBe(next.id);
    expect((await register()).error).toBeNull();
    // 2027 holds two cars; 2026's free places do not help.
    const full = await register();
    expect(full.error).toMatchObject({ code: 'PT409', details: 'places' });
  });

  test('the deposit expected is the registration’s edition’s', async () => {
    await makeCurrentEdition(em().admin, 2027);
    em().emulator.setClock('2026-11-24');
    await em().service.from('editions').update({ capacity: 10 }).eq('id', next.id);
    const pay = async (reference: string, amount: number) => {
      const { data, error } = await em().service.rpc('record_deposit_payment', {
        event_id: `evt_${randomUUID()}`,
        event_type: 'checkout.session.completed',
        reference,
        amount_total: amount,
        currency: 'gbp',
        mode: 'payment',
        payment_status: 'paid',
        payment_id: `pi_${randomUUID()}`,
        paid_at: '2026-11-24T12:00:00Z',
      });
      expect(error).toBeNull();
      return data;
    };
    const wrong = (await register()).data ?? '';
    expect(await pay(wrong, 25_000)).toBe('mismatch');
    const right = (await register()).data ?? '';
    expect(await pay(right, 30_000)).toBe('paid');
  });

  test('a waiting-list entry belongs to the current edition; a newsletter subscriber to none', async () => {
    await makeCurrentEdition(em().admin, 2027);
    const waiting = `wait.${randomUUID()}@example.org`;
    const footer = `news.${randomUUID()}@example.org`;
    expect(
      (
        await em().anon.rpc('subscribe_newsletter', {
          email: waiting,
          source: 'waitlist',
          consent_version: NEWSLETTER_CONSENT.version,
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await em().anon.rpc('subscribe_newsletter', {
          email: footer,
          consent_version: NEWSLETTER_CONSENT.version,
        })
      ).error,
    ).toBeNull();
    const { data } = await em()
      .service.from('newsletter_subscribers')
      .select('email, edition_id')
      .in('email', [waiting, footer])
      .order('email');
    expect(data).toEqual([
      { email: footer, edition_id: null },
      { email: waiting, edition_id: next.id },
    ]);
  });

  test('the public pages read the current edition’s facts', async () => {
    await makeCurrentEdition(em().admin, 2027);
    const settings = await loadSiteSettings(em().anon);
    expect(settings.edition).toMatchObject({
      year: 2027,
      startDate: '2027-06-20',
      price: 420_000,
      deposit: 30_000,
    });
    // A past edition is never the next one.
    expect(settings.edition.next?.name).not.toBe('2026 Europe Rally');
    await makeCurrentEdition(em().admin, 2026);
    expect((await loadSiteSettings(em().anon)).edition).toMatchObject({
      year: 2026,
      next: { name: '2027 Europe Rally', url: null, date: '2027-06-20' },
    });
  });
});

describe('make current', () => {
  test('two switches at once leave exactly one current edition, one of the two', async () => {
    const years = [2051, 2052, 2053];
    for (const year of years) await saveEdition(em().admin, null, edition(year));
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = round % 2 ? [2051, 2052] : [2053, 2051];
      const answers = await Promise.all([
        em().admin.rpc('make_current_edition', { edition_year: a }),
        em().admin.rpc('make_current_edition', { edition_year: b }),
      ]);
      expect(answers.map((answer) => answer.error)).toEqual([null, null]);
      const now = await current();
      expect(now).toHaveLength(1);
      expect([a, b]).toContain(now[0]?.year);
    }
  });

  test('an unknown year is refused, naming the year, and nothing changes', async () => {
    await expect(makeCurrentEdition(em().admin, 2999)).rejects.toMatchObject({
      refusal: { field: 'year' },
    });
    expect(await current()).toEqual([seeded]);
  });
});

describe('deleting an edition', () => {
  test('one with registrations is refused; so is the current one; an empty draft goes', async () => {
    const used = await saveEdition(em().admin, null, edition(2061));
    await paidCars(used.id, 1);
    await expect(deleteEdition(em().admin, used.id)).rejects.toMatchObject({
      code: '23503',
      refusal: { field: 'registrations' },
    });
    expect(await getEditionByYear(em().admin, 2061)).not.toBeNull();
    await expect(deleteEdition(em().admin, seeded.id)).rejects.toMatchObject({
      refusal: { field: 'is_current' },
    });
    const empty = await saveEdition(em().admin, null, edition(2062, { status: 'draft' }));
    await deleteEdition(em().admin, empty.id);
    expect(await getEditionByYear(em().admin, 2062)).toBeNull();
  });
});
