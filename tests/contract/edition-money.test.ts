// Issue 24, money per edition (supabase/schemas/money.sql): edition_money() equals the sum of its
// edition's ledger rows and what its teams still owe, edition_ledger() lists exactly the edition's
// ledger rows, edition_figures() states the same money, and only administrators read any of it.
// The ledgers are random (a seeded PRNG, so a failure repeats): registrations with and without
// separate rooms, some cancelled, some deleted; deposits, balances (some paying more than the
// price), refunds in every state; balance due dates past, future or none; and, in every round, rows
// of another edition that must not count. The expected figures are worked out here from what was
// written, not read back from the database. The database's day is pinned to 20 March 2026.
// Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  getEditionMoney,
  listEditionFigures,
  listEditionLedger,
  type EditionLedgerRow,
  type EditionMoney,
} from '../../src/data/editions';
import { setupTestEmulator } from './harness';

const DAY = '2026-03-20';
const em = setupTestEmulator({ clock: DAY });

/** mulberry32: a small seeded PRNG, so that a failing ledger is the same on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof prng>;

type EditionFacts = {
  id: string;
  price: number;
  deposit: number;
  supplement: number;
  balanceDue: string | null;
};
type Team = { id: string; name: string; separate: boolean; cancelled: boolean; deleted: boolean };
type Payment = {
  id: string;
  registration_id: string;
  edition_id: string;
  kind: 'deposit' | 'balance' | 'refund';
  status: 'succeeded' | 'pending' | 'failed';
  amount_pence: number;
  recorded_at: string;
  payment_intent_id: string | null;
  checkout_session_id: string | null;
  refund_id: string | null;
};

let year = 2200;

/** A published edition with random prices and a balance due date past, future or none. */
async function newEdition(random: Random): Promise<EditionFacts> {
  year += 1;
  const facts = {
    price: random.int(1, 500) * 1000,
    deposit: random.int(1, 50) * 1000,
    supplement: random.pick([0, 35_050, 50_000]),
    balanceDue: random.pick([null, '2026-03-01', '2026-03-19', '2026-03-20', '2026-04-30']),
  };
  const { data, error } = await em()
    .service.from('editions')
    .insert({
      year,
      name: `${year} Europe Rally`,
      start_date: `${year}-06-20`,
      end_date: `${year}-06-26`,
      price_per_car: facts.price,
      deposit: facts.deposit,
      separate_rooms_supplement: facts.supplement,
      capacity: 50,
      registration_opens: `${year - 1}-11-24`,
      registration_closes: `${year}-05-31`,
      balance_due: facts.balanceDue,
      status: 'published',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  return { id: data?.id ?? '', ...facts };
}

let moment = Date.parse('2025-11-24T09:00:00Z');

/** Random teams of an edition with random ledgers; some cancelled, some deleted afterwards. */
async function randomLedger(random: Random, edition: EditionFacts) {
  const teams: Team[] = Array.from({ length: random.int(0, 7) }, (_, n) => ({
    id: randomUUID(),
    // Some teams have no name: the ledger names them by their lead driver.
    name: random.chance(0.2) ? '' : `Team ${n} ${randomUUID().slice(0, 4)}`,
    separate: random.chance(0.4),
    cancelled: random.chance(0.25),
    deleted: random.chance(0.1),
  }));
  if (teams.length) {
    const { error } = await em()
      .service.from('registrations')
      .insert(
        teams.map((team) => ({
          id: team.id,
          lead_driver_name: `Lead of ${team.id.slice(0, 8)}`,
          lead_driver_email: `money.${team.id}@example.org`,
          lead_driver_phone: '07700 900123',
          team_name: team.name,
          edition_id: edition.id,
          separate_rooms: team.separate,
          status: team.cancelled ? ('cancelled' as const) : ('confirmed' as const),
          holds_place: false,
        })),
      );
    expect(error).toBeNull();
  }
  const payments: Payment[] = [];
  const add = (team: Team, kind: Payment['kind'], status: Payment['status'], amount: number) => {
    moment += random.int(1, 86_400) * 1000;
    const intent = random.chance(0.8) ? `pi_test_${randomUUID()}` : null;
    payments.push({
      id: randomUUID(),
      registration_id: team.id,
      edition_id: edition.id,
      kind,
      status,
      amount_pence: amount,
      recorded_at: new Date(moment).toISOString(),
      payment_intent_id: intent,
      checkout_session_id: random.chance(0.7) ? `cs_test_${randomUUID()}` : null,
      refund_id: kind === 'refund' && random.chance(0.7) ? `re_test_${randomUUID()}` : null,
    });
  };
  for (const team of teams) {
    if (random.chance(0.75)) add(team, 'deposit', 'succeeded', edition.deposit);
    for (let n = random.int(0, 2); n > 0; n -= 1) {
      // Now and then more than the price, which must never make what is owed negative.
      add(team, 'balance', 'succeeded', random.int(1, edition.price));
    }
    for (let n = random.int(0, 2); n > 0; n -= 1) {
      add(
        team,
        'refund',
        random.pick(['succeeded', 'pending', 'failed'] as const),
        random.int(1, 100_000),
      );
    }
  }
  if (payments.length) {
    const { error } = await em().service.from('registration_payments').insert(payments);
    expect(error).toBeNull();
  }
  const deleted = teams.filter((team) => team.deleted).map((team) => team.id);
  if (deleted.length) {
    const { error } = await em().service.from('registrations').delete().in('id', deleted);
    expect(error).toBeNull();
  }
  return { teams, payments };
}

/** The figures worked out here from what was written. */
function expectedMoney(
  edition: EditionFacts,
  teams: readonly Team[],
  payments: readonly Payment[],
): EditionMoney {
  const sum = (kind: Payment['kind'], status: Payment['status'], of = payments) =>
    of
      .filter((p) => p.kind === kind && p.status === status)
      .reduce((total, p) => total + p.amount_pence, 0);
  let outstanding = 0;
  let overdue = 0;
  for (const team of teams) {
    if (team.cancelled || team.deleted) continue;
    const own = payments.filter((p) => p.registration_id === team.id);
    const deposits = sum('deposit', 'succeeded', own);
    if (deposits === 0) continue;
    const total = edition.price + (team.separate ? edition.supplement : 0);
    const owed = Math.max(total - deposits - sum('balance', 'succeeded', own), 0);
    outstanding += owed;
    if (owed > 0 && edition.balanceDue !== null && DAY > edition.balanceDue) overdue += owed;
  }
  const deposits = sum('deposit', 'succeeded');
  const balances = sum('balance', 'succeeded');
  const refunded = sum('refund', 'succeeded');
  return {
    deposits_received: deposits,
    balances_received: balances,
    outstanding,
    overdue,
    refunded,
    refunds_pending: sum('refund', 'pending'),
    net: deposits + balances - refunded,
  };
}

/** The ledger rows as edition_ledger() must list them, oldest first. */
function expectedLedger(teams: readonly Team[], payments: readonly Payment[]): EditionLedgerRow[] {
  return [...payments]
    .sort((a, b) =>
      a.recorded_at === b.recorded_at
        ? a.id.localeCompare(b.id)
        : a.recorded_at.localeCompare(b.recorded_at),
    )
    .map((p) => {
      const team = teams.find((candidate) => candidate.id === p.registration_id);
      return {
        id: p.id,
        recorded_at: p.recorded_at,
        team:
          !team || team.deleted
            ? '(deleted registration)'
            : team.name || `Lead of ${team.id.slice(0, 8)}`,
        kind: p.kind,
        status: p.status,
        amount_pence: p.amount_pence,
        stripe_id:
          p.kind === 'refund' ? p.refund_id : (p.payment_intent_id ?? p.checkout_session_id),
      };
    });
}

/** The sums of the listed ledger rows, as a treasurer would add up the CSV. */
function ledgerSums(rows: readonly EditionLedgerRow[]) {
  const sum = (kind: string, status: string) =>
    rows
      .filter((row) => row.kind === kind && row.status === status)
      .reduce((total, row) => total + row.amount_pence, 0);
  const signed = rows
    .filter((row) => row.status === 'succeeded')
    .reduce((total, row) => total + (row.kind === 'refund' ? -1 : 1) * row.amount_pence, 0);
  return {
    deposits_received: sum('deposit', 'succeeded'),
    balances_received: sum('balance', 'succeeded'),
    refunded: sum('refund', 'succeeded'),
    refunds_pending: sum('refund', 'pending'),
    net: signed,
  };
}

/** The same instant however the database wrote it ('+00:00', microseconds). */
const instant = (rows: readonly EditionLedgerRow[]) =>
  rows.map((row) => ({ ...row, recorded_at: new Date(row.recorded_at).toISOString() }));

describe('edition_money() and edition_ledger() over random ledgers', () => {
  // Another edition's rows, written in every round: they must never count in the edition's.
  let other: EditionFacts;
  beforeAll(async () => {
    other = await newEdition(prng(99));
  });

  test.each(Array.from({ length: 20 }, (_, n) => n + 1))('ledger %i', async (seed) => {
    const random = prng(seed);
    const edition = await newEdition(random);
    const { teams, payments } = await randomLedger(random, edition);
    await randomLedger(random, other);

    const money = await getEditionMoney(em().admin, edition.id);
    expect(money).toEqual(expectedMoney(edition, teams, payments));

    const ledger = await listEditionLedger(em().admin, edition.id);
    expect(instant(ledger)).toEqual(expectedLedger(teams, payments));
    expect(money).toMatchObject(ledgerSums(ledger));

    const figures = (await listEditionFigures(em().admin)).get(edition.id);
    expect(figures).toMatchObject(money);
  });

  test('overdue follows the day, without a write', async () => {
    const random = prng(4242);
    const edition = await newEdition(random);
    await em().service.from('editions').update({ balance_due: '2026-04-30' }).eq('id', edition.id);
    const { teams, payments } = await randomLedger(random, edition);
    const before = await getEditionMoney(em().admin, edition.id);
    expect(before.overdue).toBe(0);
    em().emulator.setClock('2026-05-01');
    try {
      const after = await getEditionMoney(em().admin, edition.id);
      expect(after.overdue).toBe(after.outstanding);
      expect(after.outstanding).toBe(
        expectedMoney({ ...edition, balanceDue: '2026-04-30' }, teams, payments).outstanding,
      );
    } finally {
      em().emulator.setClock(DAY);
    }
  });

  test('an edition without a ledger has nothing, and the ledger is empty', async () => {
    const edition = await newEdition(prng(7));
    expect(await getEditionMoney(em().admin, edition.id)).toEqual({
      deposits_received: 0,
      balances_received: 0,
      outstanding: 0,
      overdue: 0,
      refunded: 0,
      refunds_pending: 0,
      net: 0,
    });
    expect(await listEditionLedger(em().admin, edition.id)).toEqual([]);
  });
});

describe('who reads an edition’s money', () => {
  test('anonymous visitors and signed-in non-administrators are refused', async () => {
    const { data } = await em().service.from('editions').select('id').eq('year', 2026).single();
    const edition = data?.id ?? '';
    for (const caller of ['anon', 'visitor'] as const) {
      for (const call of [
        em()[caller].rpc('edition_money', { edition }),
        em()[caller].rpc('edition_ledger', { edition }),
      ]) {
        const answer = await call;
        expect(answer.data).toBeNull();
        expect(answer.error?.code).toBe('42501');
      }
    }
  });
});
