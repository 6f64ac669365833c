// Issue 23, the organiser's side in the database (supabase/schemas/money.sql): the registrations
// inbox reads each row's money state from registrations_with_money, the same state
// registration_money answers, and filters, pages, counts and exports by it through the list core;
// the totals on each registration follow the ledger whatever changes it; "Mark refunded" turns a
// cancelled team's state to refunded; the edition's figures count the balances received and
// outstanding (who may read them: edition-admin.test.ts). The database's day is pinned to 20 March 2026, 94 days before the 2026 edition
// starts. Runs on PGlite and on PostgreSQL 15.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ListQuery } from '../../src/data/content-table';
import { listEditionFigures } from '../../src/data/editions';
import {
  markRefundedByHand,
  MONEY_STATE,
  registrationsAdmin,
  sendReminderNow,
  listRegistrationEmails,
} from '../../src/data/inbox';
import { setupTestEmulator } from './harness';
import {
  BALANCE,
  DEPOSIT,
  money,
  payBalance,
  payDeposit,
  PRICE,
  register,
  setEdition,
  teamLink,
} from './team-page-support';

const DAY = '2026-03-20';
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY });

/** The 2026 edition's id. */
let edition = '';
beforeAll(async () => {
  await setEdition(em(), {
    capacity: 1000,
    balance_due: '2026-05-01',
    separate_rooms_supplement: 50_000,
  });
  const { data } = await em().service.from('editions').select('id').eq('year', 2026).single();
  edition = data?.id ?? '';
});
afterEach(() => em().emulator.setClock(DAY));

/** The inbox's view: the 2026 edition, newest first, one state (or any). */
function view(state = '', search = ''): ListQuery {
  return {
    search,
    status: null,
    filters: { edition_id: edition, ...(state ? { [MONEY_STATE]: state } : {}) },
    sort: 'newest',
    page: 1,
    pageSize: 20,
  };
}

/** A registration cancelled by its team on DAY, after paying in full: a refund is due. */
async function cancelledAfterPaying() {
  const team = await register(em(), { team_name: 'Cancelled Team' });
  await payDeposit(em(), team.id);
  expect((await payBalance(em(), team.id))?.outcome).toBe('paid');
  const secret = await teamLink(em(), team.id);
  const { error } = await em().anon.rpc('cancel_registration', { secret });
  expect(error).toBeNull();
  return team;
}

describe("the inbox's money state", () => {
  test('each row carries the state registration_money derives, and the filter finds it', async () => {
    const waiting = await register(em(), { team_name: 'Waiting Team' });
    const deposit = await register(em(), { team_name: 'Deposit Team' });
    await payDeposit(em(), deposit.id);
    const full = await register(em(), { team_name: 'Full Team' });
    await payDeposit(em(), full.id);
    await payBalance(em(), full.id);
    const cancelled = await cancelledAfterPaying();

    const expected = [
      [waiting.id, 'awaiting deposit', PRICE],
      [deposit.id, 'balance due', BALANCE],
      [full.id, 'paid in full', 0],
      [cancelled.id, 'cancelled', 0],
    ] as const;
    for (const [id, state, balance] of expected) {
      expect((await money(em(), id)).state).toBe(state);
      const page = await registrationsAdmin.listPage(em().admin, view(state));
      const row = page.rows.find((candidate) => candidate.id === id);
      expect(row).toMatchObject({ money_state: state, balance_pence: balance });
      expect(page.rows.every((candidate) => candidate.money_state === state)).toBe(true);
      expect(page.total).toBe(page.rows.length);
    }
  });

  test('"overdue" comes with the day after the due date, without a write', async () => {
    const team = await register(em(), { team_name: 'Late Team' });
    await payDeposit(em(), team.id);
    const listed = async () =>
      (await registrationsAdmin.listPage(em().admin, view('', 'Late Team'))).rows.find(
        (row) => row.id === team.id,
      )?.money_state;
    em().emulator.setClock('2026-05-01');
    expect(await listed()).toBe('balance due');
    em().emulator.setClock('2026-05-02');
    expect(await listed()).toBe('overdue');
    expect((await money(em(), team.id)).state).toBe('overdue');
    const overdue = await registrationsAdmin.listPage(em().admin, view('overdue'));
    expect(overdue.rows.map((row) => row.id)).toContain(team.id);
  });

  test('the export reads every matching row with its state and balance', async () => {
    const team = await register(em(), { team_name: 'Exported Team' });
    await payDeposit(em(), team.id);
    const rows = await registrationsAdmin.listMatching(em().admin, view('', 'Exported Team'));
    expect(rows).toEqual([
      expect.objectContaining({ id: team.id, money_state: 'balance due', balance_pence: BALANCE }),
    ]);
  });

  test('the details the team changed are the row the inbox shows', async () => {
    const team = await register(em(), { team_name: 'Edited Team' });
    const secret = await teamLink(em(), team.id);
    const { error } = await em().anon.rpc('update_team_details', {
      secret,
      details: { co_driver_name: 'New Co-Driver', separate_rooms: true },
    });
    expect(error).toBeNull();
    const [row] = await registrationsAdmin.listMatching(em().admin, view('', 'Edited Team'));
    expect(row).toMatchObject({ co_driver_name: 'New Co-Driver', separate_rooms: true });
    expect(row?.balance_pence).toBe((await money(em(), team.id)).balance_pence);
  });
});

describe("a registration's totals follow the ledger", () => {
  test('adding, changing and removing ledger rows keeps paid, deposit and refunded', async () => {
    const team = await register(em(), { team_name: 'Ledger Team' });
    const totals = async () =>
      (
        await em()
          .service.from('registrations')
          .select('paid_pence, deposit_paid_pence, refunded_pence')
          .eq('id', team.id)
          .single()
      ).data;
    await payDeposit(em(), team.id);
    expect(await totals()).toEqual({
      paid_pence: DEPOSIT,
      deposit_paid_pence: DEPOSIT,
      refunded_pence: 0,
    });
    const { data: refund } = await em()
      .service.from('registration_payments')
      .insert({
        registration_id: team.id,
        edition_id: edition,
        kind: 'refund',
        amount_pence: 1_000,
        status: 'pending',
      })
      .select('id')
      .single();
    expect((await totals())?.refunded_pence).toBe(0);
    await em()
      .service.from('registration_payments')
      .update({ status: 'succeeded' })
      .eq('id', refund?.id ?? '');
    expect((await totals())?.refunded_pence).toBe(1_000);
    await em()
      .service.from('registration_payments')
      .delete()
      .eq('id', refund?.id ?? '');
    expect(await totals()).toEqual({
      paid_pence: DEPOSIT,
      deposit_paid_pence: DEPOSIT,
      refunded_pence: 0,
    });
  });
});

describe("the admin's actions on the money", () => {
  test('"Mark refunded" records the refund due with the note; the state becomes refunded', async () => {
    const team = await cancelledAfterPaying();
    const before = await money(em(), team.id);
    expect(before).toMatchObject({ state: 'cancelled', refund_due_pence: 185_000 });
    const after = await markRefundedByHand(em().admin, team.id, 'Bank transfer on 21 March');
    expect(after).toMatchObject({ state: 'refunded', refunded_pence: 185_000 });
    const { data: rows } = await em()
      .admin.from('registration_payments')
      .select('kind, amount_pence, note')
      .eq('registration_id', team.id)
      .eq('kind', 'refund');
    expect(rows).toEqual([
      {
        kind: 'refund',
        amount_pence: 185_000,
        note: 'Marked refunded by hand. Bank transfer on 21 March',
      },
    ]);
    const page = await registrationsAdmin.listPage(em().admin, view('refunded'));
    expect(page.rows.map((row) => row.id)).toContain(team.id);
  });

  test('"Send reminder now" sends the reminder at once and the email log the admin reads says so', async () => {
    const team = await register(em(), { team_name: 'Reminded Team' });
    await payDeposit(em(), team.id);
    expect(await sendReminderNow(em().admin, em().admin, team.id)).toBe('sent');
    const emails = await listRegistrationEmails(em().admin, team.id);
    expect(emails.find((email) => email.kind === 'reminder_manual')).toMatchObject({
      recipient: team.email,
      status: 'sent',
    });
  });
});

describe("the edition's figures", () => {
  test('deposits and balances received, and the balances still owed by teams with a deposit', async () => {
    const before = (await listEditionFigures(em().admin)).get(edition);
    const owing = await register(em());
    await payDeposit(em(), owing.id);
    const rooms = await register(em(), { separate_rooms: true });
    await payDeposit(em(), rooms.id);
    const full = await register(em());
    await payDeposit(em(), full.id);
    await payBalance(em(), full.id);
    await register(em()); // No deposit: owes nothing yet.
    await cancelledAfterPaying(); // Cancelled: owes nothing.
    const after = (await listEditionFigures(em().admin)).get(edition);
    const supplement = (await money(em(), rooms.id)).supplement_pence;
    expect(supplement).toBe(50_000);
    expect(after).toMatchObject({
      deposits_received: (before?.deposits_received ?? 0) + 4 * DEPOSIT,
      balances_received: (before?.balances_received ?? 0) + 2 * BALANCE,
      outstanding: (before?.outstanding ?? 0) + BALANCE + BALANCE + supplement,
    });
  });
});
