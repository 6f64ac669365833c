// The standing hostile-input tests of each team's page and the balance (issue 23,
// supabase/schemas/registrations.sql and money.sql): balance events that are not what is owed (wrong amount, wrong currency, a
// second payment, a registration named twice differently, a cancelled team), replayed events,
// secrets guessed from what a visitor can know, details that break the sign-up's rules or name
// columns the page does not offer, and "Email me my link" used to learn who is registered or to
// write to a stranger without end. The signature of an event is the stripe-webhook function's to
// check (hostile-payments.test.ts): here the service role passes sessions as that function would.
// Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { setupTestEmulator } from './harness';
import {
  BALANCE,
  money,
  payDeposit,
  recordCheckout,
  register,
  session,
  setEdition,
  teamLink,
} from './team-page-support';

const em = setupTestEmulator({ trustTestClientAddress: true, clock: '2026-03-20' });

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});

/** A team that paid its deposit and owes the balance. */
async function owingTeam() {
  const team = await register(em());
  await payDeposit(em(), team.id);
  return team;
}

async function ledger(registrationId: string) {
  const { data } = await em()
    .service.from('registration_payments')
    .select('kind, amount_pence')
    .eq('registration_id', registrationId)
    .order('kind');
  return data ?? [];
}

async function exceptions(registrationId: string) {
  const { data } = await em()
    .admin.from('payment_exceptions')
    .select('kind, reason, expected_amount, amount, currency')
    .eq('registration_id', registrationId);
  return data ?? [];
}

describe('balance events that are not what is owed are recorded for the organiser, not applied', () => {
  test.each([
    ['a wrong amount', { amount_total: BALANCE - 1 }, 'amount'],
    ['a wrong currency', { currency: 'eur' }, 'currency'],
    ['a subscription', { mode: 'subscription' }, 'mode'],
    ['an unpaid session reported complete', { payment_status: 'no_payment_required' }, 'not-paid'],
  ])('%s', async (_, changes, reason) => {
    const team = await owingTeam();
    const answer = await recordCheckout(em(), session(team.id, 'balance', BALANCE, changes));
    expect(answer).toMatchObject({ outcome: 'mismatch', kind: 'balance' });
    expect(await ledger(team.id)).toEqual([{ kind: 'deposit', amount_pence: 25_000 }]);
    expect(await exceptions(team.id)).toEqual([
      expect.objectContaining({ kind: 'balance', reason, expected_amount: BALANCE }),
    ]);
    expect((await money(em(), team.id)).state).not.toBe('paid in full');
  });

  test('a replayed event changes nothing the second time', async () => {
    const team = await owingTeam();
    const body = session(team.id, 'balance', BALANCE);
    const eventId = `evt_${randomUUID()}`;
    expect((await recordCheckout(em(), body, eventId))?.outcome).toBe('paid');
    expect((await recordCheckout(em(), body, eventId))?.outcome).toBe('replayed');
    expect(await ledger(team.id)).toEqual([
      { kind: 'balance', amount_pence: BALANCE },
      { kind: 'deposit', amount_pence: 25_000 },
    ]);
  });

  test('a second balance payment (another event) is a refund due, not counted twice', async () => {
    const team = await owingTeam();
    expect((await recordCheckout(em(), session(team.id, 'balance', BALANCE)))?.outcome).toBe(
      'paid',
    );
    const second = await recordCheckout(em(), session(team.id, 'balance', BALANCE));
    expect(second?.outcome).toBe('already-paid');
    expect((await money(em(), team.id)).paid_pence).toBe(25_000 + BALANCE);
    expect(await exceptions(team.id)).toEqual([
      expect.objectContaining({ kind: 'balance', reason: 'duplicate' }),
    ]);
  });

  test('metadata naming another registration than the reference is refused as unknown', async () => {
    const team = await owingTeam();
    const other = await owingTeam();
    const body = session(team.id, 'balance', BALANCE, {
      metadata: { kind: 'balance', registration_id: other.id },
    });
    expect((await recordCheckout(em(), body))?.outcome).toBe('unknown');
    expect(await ledger(team.id)).toHaveLength(1);
    expect(await ledger(other.id)).toHaveLength(1);
  });

  test('a balance for a cancelled team is a refund due', async () => {
    const team = await owingTeam();
    await em().anon.rpc('cancel_registration', { secret: await teamLink(em(), team.id) });
    const answer = await recordCheckout(em(), session(team.id, 'balance', BALANCE));
    expect(answer?.outcome).toBe('cancelled');
    expect(await ledger(team.id)).toHaveLength(1);
  });

  test('a balance before the deposit is not what is owed', async () => {
    const team = await register(em());
    const { data } = await em().service.rpc('checkout_amount', {
      kind: 'balance',
      reference: await teamLink(em(), team.id),
    });
    expect(data).toEqual({ refused: 'awaiting-deposit' });
  });

  test.each(['anon', 'visitor', 'admin'] as const)(
    '%s cannot record a payment, price a checkout, issue a link or claim an email',
    async (caller) => {
      const team = await owingTeam();
      const calls = [
        em()[caller].rpc('record_checkout_payment', {
          event_id: `evt_${randomUUID()}`,
          event_type: 'checkout.session.completed',
          session: session(team.id, 'balance', BALANCE) as never,
        }),
        em()[caller].rpc('checkout_amount', { kind: 'deposit', reference: team.id }),
        em()[caller].rpc('issue_team_link', { registration: team.id }),
        em()[caller].rpc('claim_registration_email', { email_id: randomUUID() }),
        em()[caller].rpc('due_balance_reminders'),
      ];
      for (const { error } of await Promise.all(calls)) {
        expect(error?.code).toBe('42501');
      }
      expect(await ledger(team.id)).toHaveLength(1);
    },
  );
});

describe('secrets', () => {
  test('what a visitor can know opens nothing: the reference, a uuid, an empty or overlong string', async () => {
    const team = await owingTeam();
    await teamLink(em(), team.id);
    for (const secret of [
      team.id,
      randomUUID(),
      '',
      'A'.repeat(43),
      'A'.repeat(10_000),
      "' or 1=1 --",
    ]) {
      for (const fn of ['team_page', 'cancellation_quote', 'cancel_registration'] as const) {
        const { data, error } = await em().anon.rpc(fn, { secret });
        expect(error).toBeNull();
        expect(data).toBeNull();
      }
      const update = await em().anon.rpc('update_team_details', {
        secret,
        details: { team_name: 'Taken over' },
      });
      expect(update.data).toBeNull();
    }
    const { data: row } = await em()
      .service.from('registrations')
      .select('team_name, status')
      .eq('id', team.id)
      .single();
    expect(row).toEqual({ team_name: 'The Testers', status: 'new' });
  });

  test('only the hash is stored', async () => {
    const team = await owingTeam();
    const secret = await teamLink(em(), team.id);
    const { rows } = await em().emulator.db.query<{ stored: number; raw: number }>(
      `select count(*) filter (where token_hash = sha256(convert_to($1, 'UTF8')))::integer as stored,
              count(*) filter (where position(convert_to($1, 'UTF8') in token_hash) > 0)::integer as raw
       from private.registration_links where registration_id = $2`,
      [secret, team.id],
    );
    expect(rows[0]).toEqual({ stored: 1, raw: 0 });
  });
});

describe('details', () => {
  test('columns the page does not offer are refused: status, money, edition, note', async () => {
    const team = await owingTeam();
    const secret = await teamLink(em(), team.id);
    for (const details of [
      { status: 'confirmed' },
      { refund_due_pence: 1 },
      { deposit_status: 'paid' },
      { edition_id: randomUUID() },
      { note: 'VIP' },
      { team_name: 42 },
      ['team_name'],
    ]) {
      const { status } = await em().anon.rpc('update_team_details', {
        secret,
        details: details as never,
      });
      expect(status).toBe(400);
    }
    const { data } = await em()
      .service.from('registrations')
      .select('status, note, refund_due_pence, deposit_status')
      .eq('id', team.id)
      .single();
    expect(data).toEqual({
      status: 'new',
      note: '',
      refund_due_pence: null,
      deposit_status: 'paid',
    });
  });

  test('markup is stored as typed, never interpreted', async () => {
    const team = await owingTeam();
    const secret = await teamLink(em(), team.id);
    const name = '<img src=x onerror=alert(1)> & Co';
    const { data } = await em().anon.rpc('update_team_details', {
      secret,
      details: { team_name: name },
    });
    expect((data as { team_name: string }).team_name).toBe(name);
  });
});

describe('"Email me my link"', () => {
  const ask = (email: string, network: string) =>
    em().anon.rpc('request_team_link', { email }).setHeader(TEST_CLIENT_ADDRESS_HEADER, network);

  test('answers the same for a registered and an unknown address, and emails only the registered', async () => {
    const team = await owingTeam();
    const unknown = `nobody.${randomUUID()}@example.org`;
    const known = await ask(team.email, '198.18.230.1');
    const stranger = await ask(unknown, '198.18.230.2');
    expect({ status: known.status, data: known.data, error: known.error }).toEqual({
      status: stranger.status,
      data: stranger.data,
      error: stranger.error,
    });
    const { data } = await em()
      .admin.from('email_log')
      .select('registration_id, recipient')
      .eq('kind', 'team_link')
      .in('recipient', [team.email, unknown]);
    expect(data).toEqual([{ registration_id: team.id, recipient: team.email }]);
  });

  test('is limited per inbox (3 an hour) and per network (10 an hour), the same for both', async () => {
    const team = await owingTeam();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await ask(team.email, `198.18.231.${i}`)).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const network = '198.18.232.1';
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      fromOne.push((await ask(`n${i}.${randomUUID()}@example.org`, network)).status);
    }
    expect(fromOne.slice(0, 10).every((status) => status === 204)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });

  test('an address that is not one is refused beside its field', async () => {
    const { status, error } = await ask('not-an-address', '198.18.233.1');
    expect(status).toBe(400);
    expect(error?.details).toBe('email');
  });
});
