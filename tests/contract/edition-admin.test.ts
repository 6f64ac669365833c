// Issue 22, the admin's Editions screen and the inbox per edition (supabase/schemas/editions.sql):
// edition_figures() (paid cars, places taken, deposits received), add_edition_to_past_tours()
// (a finished edition becomes a draft past tour once, with its cars) and edition_inbox_counts()
// (the dashboard's counts for one edition). Who may call each: anonymous visitors and signed-in
// non-administrators are refused, administrators answered. Runs on PGlite and PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  addEditionToPastTours,
  EditionRefusedError,
  listEditionFigures,
  saveEdition,
  type EditionInput,
} from '../../src/data/editions';
import type { ListQuery } from '../../src/data/content-table';
import {
  EDITION_VIEW,
  getEditionInboxCounts,
  getInboxCounts,
  inEdition,
  registrationsAdmin,
  subscribersAdmin,
} from '../../src/data/inbox';
import { setupTestEmulator } from './harness';

const em = setupTestEmulator();

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

/** Registrations of an edition: `paid` with a paid deposit, `pending` still to pay. */
async function cars(editionId: string, paid: number, pending = 0) {
  const rows = Array.from({ length: paid + pending }, (_, car) => ({
    lead_driver_name: `Car ${car}`,
    lead_driver_email: `edition-admin.${randomUUID()}@example.org`,
    lead_driver_phone: '07700 900123',
    edition_id: editionId,
    // Every row names the same columns: one insert of many sends their union.
    deposit_status: car < paid ? ('paid' as const) : ('pending' as const),
    deposit_amount: car < paid ? 25_000 : null,
    deposit_currency: car < paid ? 'gbp' : null,
    deposit_paid_at: car < paid ? '2026-03-20T10:00:00Z' : null,
    holds_place: false,
  }));
  const { data, error } = await em().service.from('registrations').insert(rows).select('id');
  expect(error).toBeNull();
  // Each paid deposit in the ledger too, as the webhook's functions record it (issue 23).
  const deposits = (data ?? []).slice(0, paid).map(({ id }) => ({
    registration_id: id,
    edition_id: editionId,
    kind: 'deposit' as const,
    amount_pence: 25_000,
  }));
  const ledger = await em().service.from('registration_payments').insert(deposits);
  expect(ledger.error).toBeNull();
}

let seededId = '';
beforeAll(async () => {
  const { data } = await em().service.from('editions').select('id').eq('is_current', true).single();
  seededId = data?.id ?? '';
});
afterEach(() => em().emulator.setClock('2026-03-01'));

describe('edition_figures()', () => {
  test('anonymous visitors and non-administrators are refused', async () => {
    for (const caller of ['anon', 'visitor'] as const) {
      const { data, error } = await em()[caller].rpc('edition_figures');
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });

  test('an administrator reads each edition’s paid cars, places taken and deposits', async () => {
    const other = await saveEdition(em().admin, null, edition(2041));
    await cars(other.id, 2, 1);
    const figures = await listEditionFigures(em().admin);
    expect(figures.get(other.id)).toEqual({
      cars_paid: 2,
      places_taken: 2,
      deposits_received: 50_000,
      balances_received: 0,
      outstanding: 2 * (420_000 - 25_000),
      overdue: 0,
      refunded: 0,
      refunds_pending: 0,
      net: 50_000,
    });
    // The seeded edition's own figures are apart from 2041's.
    expect(figures.get(seededId)?.cars_paid).not.toBeUndefined();
  });
});

describe('add_edition_to_past_tours()', () => {
  test('anonymous visitors and non-administrators are refused, and nothing is recorded', async () => {
    const finished = await saveEdition(em().admin, null, edition(2020));
    for (const caller of ['anon', 'visitor'] as const) {
      const { error } = await em()[caller].rpc('add_edition_to_past_tours', {
        edition_year: finished.year,
      });
      expect(error?.code).toBe('42501');
    }
    const { count } = await em()
      .service.from('past_tours')
      .select('id', { count: 'exact', head: true })
      .eq('year', 2020);
    expect(count).toBe(0);
  });

  test('records a finished edition once: year, route, the paid cars; a draft to complete', async () => {
    const finished = await saveEdition(em().admin, null, edition(2019));
    await cars(finished.id, 3, 2);
    const id = await addEditionToPastTours(em().admin, 2019);
    const { data: tour } = await em().service.from('past_tours').select('*').eq('id', id).single();
    expect(tour).toMatchObject({
      year: 2019,
      route: 'Dover to Innsbruck',
      participants: 3,
      funds_raised: '',
      funds_raised_pence: null,
      miles: 0,
      published: false,
    });
    const again = await addEditionToPastTours(em().admin, 2019).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(EditionRefusedError);
    expect((again as EditionRefusedError).message).toBe('The past tours already have 2019.');
    const { count } = await em()
      .service.from('past_tours')
      .select('id', { count: 'exact', head: true })
      .eq('year', 2019);
    expect(count).toBe(1);
  });

  test('an edition not yet finished (by the database’s clock) is refused', async () => {
    em().emulator.setClock('2042-06-26');
    await saveEdition(em().admin, null, edition(2042));
    const early = await addEditionToPastTours(em().admin, 2042).catch((error: unknown) => error);
    expect((early as EditionRefusedError).refusal).toEqual({
      field: 'year',
      message: 'The 2042 Europe Rally has not finished yet.',
    });
    em().emulator.setClock('2042-06-27');
    await expect(addEditionToPastTours(em().admin, 2042)).resolves.toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a past tour’s funds raised are money', () => {
  const tour = (funds_raised: string) => ({
    year: 2018,
    route: 'Dover to Innsbruck',
    participants: 9,
    funds_raised,
    miles: 1500,
  });

  test('an amount is kept in one form with its pence, and counts in the total raised', async () => {
    const before = Number((await em().anon.rpc('funds_raised_to_date').throwOnError()).data);
    const { data: row } = await em()
      .admin.from('past_tours')
      .insert({ ...tour('12500'), published: true })
      .select('id, funds_raised, funds_raised_pence')
      .single()
      .throwOnError();
    expect(row).toMatchObject({ funds_raised: '£12,500', funds_raised_pence: 1_250_000 });
    const after = Number((await em().anon.rpc('funds_raised_to_date').throwOnError()).data);
    expect(after - before).toBe(1_250_000);

    const { data: changed } = await em()
      .admin.from('past_tours')
      .update({ funds_raised: '£950.50' })
      .eq('id', row?.id ?? '')
      .select('funds_raised, funds_raised_pence')
      .single()
      .throwOnError();
    expect(changed).toEqual({ funds_raised: '£950.50', funds_raised_pence: 95_050 });
  });

  test('text that is not an amount is refused beside the field, and nothing is stored', async () => {
    for (const typed of ['about £5k', 'TBC', '£10,000,000']) {
      const { error } = await em().admin.from('past_tours').insert(tour(typed));
      expect(error).toMatchObject({
        code: 'PT400',
        message: 'Please enter an amount in pounds, such as £12,500.',
        details: 'funds_raised',
      });
    }
    const { count } = await em()
      .service.from('past_tours')
      .select('id', { count: 'exact', head: true })
      .eq('year', 2018)
      .in('funds_raised', ['about £5k', 'TBC', '£10,000,000']);
    expect(count).toBe(0);
  });

  test('the pence follow the text: set alone, they are not taken', async () => {
    const { data: row } = await em()
      .admin.from('past_tours')
      .insert(tour('£1,000'))
      .select('id')
      .single()
      .throwOnError();
    const { data: kept } = await em()
      .service.from('past_tours')
      .update({ funds_raised_pence: 99 })
      .eq('id', row?.id ?? '')
      .select('funds_raised, funds_raised_pence')
      .single()
      .throwOnError();
    expect(kept).toEqual({ funds_raised: '£1,000', funds_raised_pence: 100_000 });
  });
});

describe('edition_inbox_counts()', () => {
  test('anonymous visitors are refused; a non-administrator counts nothing', async () => {
    const { error } = await em().anon.rpc('edition_inbox_counts', { target_edition: seededId });
    expect(error?.code).toBe('42501');
    const counts = await getEditionInboxCounts(em().visitor, seededId);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });

  test('counts one edition’s new registrations; the dashboard’s view the current one’s', async () => {
    const other = await saveEdition(em().admin, null, edition(2043));
    const before = await getEditionInboxCounts(em().admin, seededId);
    await cars(other.id, 1, 2);
    expect(await getEditionInboxCounts(em().admin, other.id)).toMatchObject({
      registrations: 3,
    });
    expect(await getEditionInboxCounts(em().admin, seededId)).toEqual(before);
    expect((await getInboxCounts(em().admin)).registrations).toBe(before.registrations);
  });
});

describe('the inbox one edition at a time', () => {
  const view = (edition?: string): ListQuery => ({
    search: '',
    status: null,
    filters: edition === undefined ? {} : { [EDITION_VIEW]: edition },
    sort: 'newest',
    page: 1,
    pageSize: 50,
  });

  test('registrations: the current edition by default, a year, or every edition; the export the same', async () => {
    const other = await saveEdition(em().admin, null, edition(2044));
    await cars(other.id, 2, 1);
    const ids = async (edition?: string) =>
      (
        await registrationsAdmin.listMatching(
          em().admin,
          await inEdition(em().admin, view(edition)),
        )
      ).map((row) => row.edition_id);
    const current = await ids();
    expect(current.every((id) => id === seededId)).toBe(true);
    expect(await ids('2044')).toEqual([other.id, other.id, other.id]);
    const page = await registrationsAdmin.listPage(
      em().admin,
      await inEdition(em().admin, view('2044')),
    );
    expect({ total: page.total, rows: page.rows.map((row) => row.edition_id) }).toEqual({
      total: 3,
      rows: [other.id, other.id, other.id],
    });
    const { count } = await em()
      .service.from('registrations')
      .select('id', { count: 'exact', head: true });
    expect((await ids('all')).length).toBe(count);
    // A year without an edition shows nothing, never every year.
    expect(await ids('1999')).toEqual([]);
  });

  test('subscribers: the edition’s waiting list beside the newsletter’s, never another edition’s list', async () => {
    const other = await saveEdition(em().admin, null, edition(2045));
    const address = (what: string) => `${what}.${randomUUID()}@example.org`;
    const [newsletter, ours, theirs] = [address('news'), address('ours'), address('theirs')];
    const { error } = await em()
      .service.from('newsletter_subscribers')
      .insert([
        { email: newsletter, source: 'footer', edition_id: null },
        { email: ours, source: 'waitlist', edition_id: other.id },
        { email: theirs, source: 'waitlist', edition_id: seededId },
      ]);
    expect(error).toBeNull();
    const emails = (
      await subscribersAdmin.listMatching(em().admin, await inEdition(em().admin, view('2045')))
    ).map((row) => row.email);
    expect(emails).toContain(newsletter);
    expect(emails).toContain(ours);
    expect(emails).not.toContain(theirs);
  });
});
