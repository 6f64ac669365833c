// The database's part of each team's own page (supabase/schemas/registrations.sql, money.sql and
// mail.sql): the ledger and the money derived from it, the secret link, the balance recorded, the
// cancellation terms as the edition's data, details changed until the cut-off and audited, the
// email log and the balance reminders (each once, never to a team that has paid). The database's
// day is pinned to 20 March 2026, 94 days before the 2026 edition starts (22 June). Runs on PGlite
// and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
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

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});
afterEach(() => {
  em().emulator.setClock(DAY);
});

interface Page {
  team_name: string;
  co_driver_name: string;
  separate_rooms: boolean;
  cancelled: boolean;
  details_editable: boolean;
  details_editable_until: string;
  may_cancel: boolean;
  edition: { name: string; year: number; start_date: string; balance_due: string | null };
  money: { state: string; balance_pence: number; supplement_pence: number; paid_pence: number };
}

async function page(secret: string): Promise<Page | null> {
  const { data, error } = await em().anon.rpc('team_page', { secret });
  expect(error).toBeNull();
  return data as unknown as Page | null;
}

async function quote(secret: string) {
  const { data, error } = await em().anon.rpc('cancellation_quote', { secret });
  expect(error).toBeNull();
  return data as { refund_pence: number; percent: number; days_before: number } | null;
}

/** A team that paid the deposit and the balance, with its secret. */
async function paidInFull() {
  const team = await register(em());
  await payDeposit(em(), team.id);
  expect((await payBalance(em(), team.id))?.outcome).toBe('paid');
  return { ...team, secret: await teamLink(em(), team.id) };
}

describe('the edition’s terms', () => {
  test('2026 carries the default cut-off and cancellation tiers without anything set', async () => {
    const { data } = await em()
      .anon.from('editions')
      .select('details_cutoff_days, cancellation_tiers')
      .eq('year', 2026)
      .single();
    expect(data).toEqual({
      details_cutoff_days: 14,
      cancellation_tiers: [
        { from_days: 91, percent: 50 },
        { from_days: 60, percent: 25 },
      ],
    });
  });

  test.each([
    ['a percentage over 100', [{ from_days: 91, percent: 150 }]],
    [
      'tiers out of order',
      [
        { from_days: 60, percent: 25 },
        { from_days: 91, percent: 50 },
      ],
    ],
    [
      'a later cancellation getting more back',
      [
        { from_days: 91, percent: 25 },
        { from_days: 60, percent: 50 },
      ],
    ],
    ['a fraction of a day', [{ from_days: 90.5, percent: 50 }]],
    ['not a list', { from_days: 91, percent: 50 }],
  ])('refuses %s, naming the field', async (_, tiers) => {
    const { error, status } = await em()
      .admin.from('editions')
      .update({ cancellation_tiers: tiers as never })
      .eq('year', 2026);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', details: 'cancellation_tiers' });
  });
});

describe('the ledger and the money derived from it', () => {
  test('a registration awaits its deposit; the deposit is a ledger row; the balance is what is left', async () => {
    const team = await register(em());
    expect(await money(em(), team.id)).toMatchObject({
      price_pence: PRICE,
      supplement_pence: 0,
      paid_pence: 0,
      balance_pence: PRICE,
      state: 'awaiting deposit',
    });
    await payDeposit(em(), team.id);
    const { data: rows } = await em()
      .admin.from('registration_payments')
      .select('kind, amount_pence, currency, status, checkout_session_id, event_id')
      .eq('registration_id', team.id);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'deposit', amount_pence: DEPOSIT, currency: 'gbp' }),
    ]);
    expect(rows?.[0]?.checkout_session_id).toMatch(/^cs_test_/);
    expect(rows?.[0]?.event_id).toMatch(/^evt_/);
    expect(await money(em(), team.id)).toMatchObject({
      paid_pence: DEPOSIT,
      balance_pence: BALANCE,
      state: 'deposit paid',
    });
  });

  test('the balance due date makes it "balance due", then "overdue" the day after by the database clock', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    await setEdition(em(), { balance_due: '2026-05-01' });
    try {
      expect((await money(em(), team.id)).state).toBe('balance due');
      em().emulator.setClock('2026-05-01');
      expect((await money(em(), team.id)).state).toBe('balance due');
      em().emulator.setClock('2026-05-02');
      expect(await money(em(), team.id)).toMatchObject({
        state: 'overdue',
        balance_due_on: '2026-05-01',
      });
    } finally {
      await setEdition(em(), { balance_due: null });
    }
  });

  test('checkout_amount computes the balance from the ledger; paying it makes the team paid in full and queues a receipt', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    const { data: due } = await em().service.rpc('checkout_amount', {
      kind: 'balance',
      reference: secret,
    });
    expect(due).toEqual({
      registration_id: team.id,
      edition_id: expect.any(String),
      edition_year: 2026,
      edition_name: expect.any(String),
      amount_pence: BALANCE,
      currency: 'gbp',
      email: team.email,
      kind: 'balance',
    });
    const answer = await payBalance(em(), team.id);
    expect(answer).toMatchObject({ outcome: 'paid', kind: 'balance', amount_pence: BALANCE });
    expect((await page(secret))?.money).toMatchObject({
      state: 'paid in full',
      balance_pence: 0,
      paid_pence: PRICE,
    });
    const { data: after } = await em().service.rpc('checkout_amount', {
      kind: 'balance',
      reference: secret,
    });
    expect(after).toEqual({ refused: 'nothing-owed' });
    const { data: receipts } = await em()
      .admin.from('email_log')
      .select('kind, recipient, status')
      .eq('registration_id', team.id);
    expect(receipts).toEqual([
      { kind: 'balance_receipt', recipient: team.email, status: 'queued' },
    ]);
  });

  test('separate rooms add the edition’s supplement, and the balance follows', async () => {
    await setEdition(em(), { separate_rooms_supplement: 30_000 });
    const team = await register(em(), { separate_rooms: true });
    await payDeposit(em(), team.id);
    expect(await money(em(), team.id)).toMatchObject({
      supplement_pence: 30_000,
      total_pence: PRICE + 30_000,
      balance_pence: BALANCE + 30_000,
    });
  });
});

describe('the secret link', () => {
  test('opens the team’s page with its drivers, edition and money, and nothing when wrong, altered or expired', async () => {
    const team = await register(em(), { co_driver_name: 'Co Driver' });
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    expect(await page(secret)).toMatchObject({
      team_name: 'The Testers',
      lead_driver_email: team.email,
      co_driver_name: 'Co Driver',
      edition: { year: 2026, start_date: '2026-06-22' },
      money: { state: 'deposit paid', balance_pence: BALANCE },
      details_editable: true,
      details_editable_until: '2026-06-08',
      may_cancel: true,
    });
    const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [altered, randomUUID(), team.id, '', `${secret} `]) {
      expect(await page(wrong)).toBeNull();
    }
    // The edition ended on 28 June: the link works 30 days more, to 28 July.
    em().emulator.setClock('2026-07-28');
    expect(await page(secret)).not.toBeNull();
    em().emulator.setClock('2026-07-29');
    expect(await page(secret)).toBeNull();
    expect(await quote(secret)).toBeNull();
  });
});

describe('cancellation by the terms', () => {
  test('paid in full 94 days before the start: 50% of (£3,950 − £250) = £1,850', async () => {
    const { secret } = await paidInFull();
    expect(await quote(secret)).toEqual({
      refund_pence: 185_000,
      tier: { from_days: 91, percent: 50 },
      percent: 50,
      days_before: 94,
      paid_pence: PRICE,
      deposit_pence: DEPOSIT,
    });
  });

  test.each([
    ['2026-03-23', 91, 50, 185_000],
    ['2026-03-24', 90, 25, 92_500],
    ['2026-04-23', 60, 25, 92_500],
    ['2026-04-24', 59, 0, 0],
  ])('on %s (%i days before) the terms give %i%%', async (day, days, percent, refund) => {
    const { secret } = await paidInFull();
    em().emulator.setClock(day);
    expect(await quote(secret)).toMatchObject({
      days_before: days,
      percent,
      refund_pence: refund,
    });
  });

  test('only the deposit paid: nothing comes back', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    expect(await quote(await teamLink(em(), team.id))).toMatchObject({ refund_pence: 0 });
  });

  test('confirming frees the place at once, records the refund due, emails the team and the organiser; the admin marks it refunded', async () => {
    const team = await paidInFull();
    const before = (await em().anon.rpc('rally_places').single()).data;
    const { data, error } = await em().anon.rpc('cancel_registration', { secret: team.secret });
    expect(error).toBeNull();
    expect(data).toMatchObject({ outcome: 'cancelled', refund_due_pence: 185_000 });
    const after = (await em().anon.rpc('rally_places').single()).data;
    expect(after?.taken).toBe((before?.taken ?? 0) - 1);
    expect(after?.remaining).toBe((before?.remaining ?? 0) + 1);

    expect(await page(team.secret)).toMatchObject({
      cancelled: true,
      may_cancel: false,
      details_editable: false,
      money: { state: 'cancelled' },
    });
    const again = await em().anon.rpc('cancel_registration', { secret: team.secret });
    expect(again.data).toMatchObject({ outcome: 'already-cancelled', refund_due_pence: 185_000 });

    const { data: emails } = await em()
      .admin.from('email_log')
      .select('kind, recipient')
      .eq('registration_id', team.id)
      .in('kind', ['cancelled_team', 'cancelled_organiser'])
      .order('kind');
    expect(emails).toEqual([
      { kind: 'cancelled_organiser', recipient: 'info@europerally.org.uk' },
      { kind: 'cancelled_team', recipient: team.email },
    ]);

    const refused = await em().visitor.rpc('mark_refunded_by_hand', {
      registration: team.id,
      note: 'bank transfer',
    });
    expect(refused.error?.code).toBe('42501');
    const marked = await em().admin.rpc('mark_refunded_by_hand', {
      registration: team.id,
      note: 'Bank transfer 2 April',
    });
    expect(marked.error).toBeNull();
    expect(marked.data).toMatchObject({ state: 'refunded', refunded_pence: 185_000 });
    const { data: refund } = await em()
      .admin.from('registration_payments')
      .select('amount_pence, status, note, recorded_by_email')
      .eq('registration_id', team.id)
      .eq('kind', 'refund')
      .single();
    expect(refund).toMatchObject({ amount_pence: 185_000, status: 'succeeded' });
    expect(refund?.note).toContain('Bank transfer 2 April');
    expect(refund?.recorded_by_email).toBeTruthy();
    const twice = await em().admin.rpc('mark_refunded_by_hand', { registration: team.id });
    expect(twice.status).toBe(409);
  });
});

describe('details, until the cut-off', () => {
  test('the team adds its co-driver and vehicle; the admin sees the values and the audit log the participant', async () => {
    const team = await register(em());
    const secret = await teamLink(em(), team.id);
    const { data, error } = await em().anon.rpc('update_team_details', {
      secret,
      details: {
        co_driver_name: ' Second Driver ',
        co_driver_email: 'second@example.org',
        vehicle_model: 'Defender',
        emergency_contact_name: 'Someone Home',
        emergency_contact_phone: '07700 900999',
      },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ co_driver_name: 'Second Driver', vehicle_model: 'Defender' });
    const { data: row } = await em()
      .admin.from('registrations')
      .select('co_driver_name, co_driver_email, vehicle_model, emergency_contact_phone, team_name')
      .eq('id', team.id)
      .single();
    expect(row).toEqual({
      co_driver_name: 'Second Driver',
      co_driver_email: 'second@example.org',
      vehicle_model: 'Defender',
      emergency_contact_phone: '07700 900999',
      team_name: 'The Testers',
    });
    const { data: log } = await em()
      .admin.from('audit_log')
      .select('actor_email, action, table_name, changed_columns')
      .eq('row_id', team.id);
    expect(log).toEqual([
      {
        actor_email: 'participant',
        action: 'changed',
        table_name: 'registrations',
        changed_columns: [
          'co_driver_email',
          'co_driver_name',
          'emergency_contact_name',
          'emergency_contact_phone',
          'vehicle_model',
        ],
      },
    ]);
  });

  test('the rooms choice changes the supplement owed', async () => {
    await setEdition(em(), { separate_rooms_supplement: 30_000 });
    const team = await register(em());
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    const { data } = await em().anon.rpc('update_team_details', {
      secret,
      details: { separate_rooms: true },
    });
    expect((data as unknown as Page).money).toMatchObject({
      supplement_pence: 30_000,
      balance_pence: BALANCE + 30_000,
    });
  });

  test('refuses a field as the sign-up form does, and changes nothing', async () => {
    const team = await register(em());
    const secret = await teamLink(em(), team.id);
    for (const [details, field] of [
      [{ co_driver_email: 'not-an-email' }, 'coDriverEmail'],
      [{ lead_driver_name: '   ' }, 'leadDriverName'],
      [{ lead_driver_phone: '12' }, 'leadDriverPhone'],
      [{ registration_plate: 'X'.repeat(21) }, 'registrationPlate'],
      [{ emergency_contact_phone: 'call me' }, 'emergencyContactPhone'],
      [{ separate_rooms: 'yes' }, 'separateRooms'],
    ] as const) {
      const { error, status } = await em().anon.rpc('update_team_details', {
        secret,
        details: { team_name: 'Changed', ...details },
      });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'PT400', details: field });
    }
    expect((await page(secret))?.team_name).toBe('The Testers');
  });

  test('is refused after the cut-off (14 days before the start), and not audited', async () => {
    const team = await register(em());
    const secret = await teamLink(em(), team.id);
    em().emulator.setClock('2026-06-08');
    expect((await page(secret))?.details_editable).toBe(true);
    em().emulator.setClock('2026-06-09');
    expect((await page(secret))?.details_editable).toBe(false);
    const { error, status } = await em().anon.rpc('update_team_details', {
      secret,
      details: { team_name: 'Too late' },
    });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: 'PT409', details: 'cutoff' });
    const { data: log } = await em().admin.from('audit_log').select('id').eq('row_id', team.id);
    expect(log).toEqual([]);
  });
});

describe('balance reminders and the email log', () => {
  const DUE = '2026-05-01';
  const reminders = async (ids: string[]) => {
    const { data } = await em()
      .admin.from('email_log')
      .select('registration_id, kind, status')
      .in('registration_id', ids)
      .like('kind', 'balance_%')
      .neq('kind', 'balance_receipt')
      .order('queued_at');
    return data ?? [];
  };
  const runReminders = async (day: string) => {
    em().emulator.setClock(day);
    const { error } = await em().service.rpc('due_balance_reminders');
    expect(error).toBeNull();
  };

  test('14 and 3 days before and the day after the due date, each once, never to a paid or cancelled team', async () => {
    await setEdition(em(), { balance_due: DUE });
    try {
      const owing = await register(em());
      await payDeposit(em(), owing.id);
      const paid = await paidInFull();
      const cancelled = await register(em());
      await payDeposit(em(), cancelled.id);
      await em().anon.rpc('cancel_registration', {
        secret: await teamLink(em(), cancelled.id),
      });
      const ids = [owing.id, paid.id, cancelled.id];

      await runReminders('2026-04-16');
      expect(await reminders(ids)).toEqual([]);
      await runReminders('2026-04-17');
      await runReminders('2026-04-17');
      await runReminders('2026-04-20');
      expect(await reminders(ids)).toEqual([
        { registration_id: owing.id, kind: 'balance_reminder_14', status: 'queued' },
      ]);
      await runReminders('2026-04-28');
      await runReminders('2026-05-01');
      await runReminders('2026-05-02');
      await runReminders('2026-05-09');
      expect((await reminders(ids)).map((r) => r.kind)).toEqual([
        'balance_reminder_14',
        'balance_reminder_3',
        'balance_overdue',
      ]);
      expect((await reminders(ids)).every((r) => r.registration_id === owing.id)).toBe(true);
    } finally {
      await setEdition(em(), { balance_due: null });
    }
  });

  test('a reminder claimed after the team paid in full is skipped; a claimed one goes once, with a working link', async () => {
    await setEdition(em(), { balance_due: DUE });
    try {
      const first = await register(em());
      await payDeposit(em(), first.id);
      const second = await register(em());
      await payDeposit(em(), second.id);
      await runReminders('2026-04-17');
      const { data: queued } = await em()
        .service.from('email_log')
        .select('id, registration_id')
        .in('registration_id', [first.id, second.id]);
      const idOf = (registration: string) =>
        queued?.find((row) => row.registration_id === registration)?.id ?? '';

      await payBalance(em(), second.id);
      const skipped = await em().service.rpc('claim_registration_email', {
        email_id: idOf(second.id),
      });
      expect(skipped.data).toBeNull();

      const claim = await em().service.rpc('claim_registration_email', {
        email_id: idOf(first.id),
      });
      const claimed = claim.data as {
        email: { kind: string; recipient: string };
        money: { balance_pence: number };
        edition: { year: number };
        team_link_secret: string;
      };
      expect(claimed).toMatchObject({
        email: { kind: 'balance_reminder_14', recipient: first.email },
        money: { balance_pence: BALANCE },
        edition: { year: 2026 },
      });
      expect(await page(claimed.team_link_secret)).not.toBeNull();
      const twice = await em().service.rpc('claim_registration_email', {
        email_id: idOf(first.id),
      });
      expect(twice.data).toBeNull();
      await em().service.rpc('finish_registration_email', {
        email_id: idOf(first.id),
        sent: true,
      });
      const { data: log } = await em()
        .admin.from('email_log')
        .select('registration_id, status, sent_at')
        .in('registration_id', [first.id, second.id])
        .eq('kind', 'balance_reminder_14');
      expect(log?.find((row) => row.registration_id === first.id)).toMatchObject({
        status: 'sent',
        sent_at: expect.any(String),
      });
      expect(log?.find((row) => row.registration_id === second.id)?.status).toBe('skipped');
    } finally {
      await setEdition(em(), { balance_due: null });
    }
  });

  test('an email of a deleted registration is skipped, and the log keeps it', async () => {
    const team = await register(em());
    await payDeposit(em(), team.id);
    const { data: queued } = await em()
      .service.from('email_log')
      .insert({ registration_id: team.id, kind: 'team_link', recipient: team.email })
      .select('id')
      .single();
    const id = queued?.id;
    await em().admin.from('registrations').delete().eq('id', team.id).throwOnError();
    const claim = await em().service.rpc('claim_registration_email', { email_id: id ?? '' });
    expect(claim.error).toBeNull();
    expect(claim.data).toBeNull();
    const { data: row } = await em()
      .admin.from('email_log')
      .select('registration_id, kind, status')
      .eq('id', id ?? '')
      .single();
    expect(row).toEqual({ registration_id: null, kind: 'team_link', status: 'skipped' });
  });

  test('"Send reminder now" queues a reminder for a team that owes, and is refused for one that does not', async () => {
    const owing = await register(em());
    await payDeposit(em(), owing.id);
    const { data, error } = await em().admin.rpc('send_reminder_now', { registration: owing.id });
    expect(error).toBeNull();
    expect(data).toEqual(expect.any(String));
    const paid = await paidInFull();
    const refused = await em().admin.rpc('send_reminder_now', { registration: paid.id });
    expect(refused.status).toBe(409);
    const visitor = await em().visitor.rpc('send_reminder_now', { registration: owing.id });
    expect(visitor.error?.code).toBe('42501');
  });

  test('the daily job is declared for 08:00 UTC and calls participant-emails', async () => {
    const { rows } = await em().emulator.db.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'participant-emails'",
    );
    expect(rows).toEqual([
      {
        schedule: '0 8 * * *',
        command: expect.stringContaining("call_edge_function('participant-emails'"),
      },
    ]);
    expect(rows[0]?.command).toContain('due_balance_reminders()');
  });
});
