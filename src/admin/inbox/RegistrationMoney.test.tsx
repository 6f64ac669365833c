// A registration's money in the inbox detail: loading, the error with Retry, the statement for
// each state the database derives, the empty ledger and email log, "Mark refunded" asking for a
// note and confirmation before it records the refund, "Refund £X" (the database's refund left)
// asking first and calling the refund function once however often it is clicked, then saying the
// refund waits for Stripe, and "Send reminder now" only while the team owes. The database and the participant-emails function are stood in for at the network (not by
// mocking the data module: the unit project shares one module registry per worker, and in the full
// run a module mock met an inbox module another file had loaded). The database's side is tested
// against the emulator in tests/contract/admin-money.test.ts; the whole path in
// tests/e2e/admin-money.spec.ts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { publicDb } from '../../data/client';
import { publicFunctions } from '../../data/functions';
import type { RegistrationMoney as Money } from '../../data/inbox';
import type { Row } from '../../data/types';
import { ToastProvider } from '../ui/Toast';
import { RegistrationMoney } from './RegistrationMoney';
import { restoreNetwork } from '../../test/network';

const calls = vi.hoisted(() => ({
  money: null as Money | null,
  payments: [] as Row<'registration_payments'>[],
  emails: [] as Row<'email_log'>[],
  fail: false,
  pending: null as Promise<void> | null,
  refunded: [] as { id: string; note: string }[],
  reminded: [] as string[],
  reminder: 'sent' as 'sent' | 'queued',
  refundCalls: [] as string[],
  refundAnswer: null as Promise<Response> | null,
}));

const ID = '00000000-0000-4000-8000-000000000001';

function money(overrides: Partial<Money> = {}): Money {
  return {
    price_pence: 395_000,
    supplement_pence: 0,
    total_pence: 395_000,
    deposit_pence: 25_000,
    deposit_paid_pence: 25_000,
    paid_pence: 25_000,
    refunded_pence: 0,
    refund_due_pence: null,
    refund_pending_pence: 0,
    refund_left_pence: 0,
    balance_pence: 370_000,
    balance_due_on: '2026-05-01',
    currency: 'gbp',
    state: 'balance due',
    ...overrides,
  };
}

function payment(overrides: Partial<Row<'registration_payments'>> = {}) {
  return {
    id: 'p1',
    registration_id: ID,
    edition_id: 'e2026',
    kind: 'deposit',
    amount_pence: 25_000,
    currency: 'gbp',
    status: 'succeeded',
    checkout_session_id: 'cs_test_1',
    payment_intent_id: 'pi_test_1',
    charge_id: null,
    refund_id: null,
    event_id: 'evt_1',
    recorded_at: '2026-03-20T10:00:00Z',
    note: '',
    recorded_by: null,
    recorded_by_email: null,
    ...overrides,
  } satisfies Row<'registration_payments'>;
}

function renderMoney() {
  render(
    <ToastProvider>
      <RegistrationMoney registrationId={ID} db={publicDb} functions={publicFunctions} />
    </ToastProvider>,
  );
  return screen.getByRole('region', { name: 'Money' });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The database and the participant-emails function, at the network (see the file's header). */
async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const raw = input instanceof Request ? await input.text() : init?.body;
  const body = (typeof raw === 'string' && raw ? JSON.parse(raw) : {}) as Record<string, string>;
  switch (url.pathname.replace(/^.*\/(rest|functions)\/v1\//, '')) {
    case 'rpc/registration_money':
      if (calls.pending) await calls.pending;
      return calls.fail ? json({ message: 'offline' }, 503) : json(calls.money);
    case 'registration_payments':
      return json(calls.payments);
    case 'email_log':
      return json(calls.emails);
    case 'rpc/mark_refunded_by_hand':
      calls.refunded.push({ id: body.registration ?? '', note: body.note ?? '' });
      if (calls.money) calls.money = { ...calls.money, state: 'refunded', refunded_pence: 185_000 };
      return json(calls.money);
    case 'rpc/send_reminder_now':
      calls.reminded.push(body.registration ?? '');
      return json('email-id');
    case 'refund':
      calls.refundCalls.push(body.registration ?? '');
      return calls.refundAnswer ?? json({ outcome: 'started', rows: [] });
    case 'participant-emails':
      return calls.reminder === 'sent' ? json({ sent: 1 }) : json({ error: 'down' }, 503);
    default:
      return json({ message: 'not in this test' }, 500);
  }
}

afterEach(async () => {
  await restoreNetwork();
});

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(answer));
  calls.money = money();
  calls.payments = [];
  calls.emails = [];
  calls.fail = false;
  calls.pending = null;
  calls.refunded = [];
  calls.reminded = [];
  calls.reminder = 'sent';
  calls.refundCalls = [];
  calls.refundAnswer = null;
});

describe("a registration's money", () => {
  test('says it is loading until the money arrives', async () => {
    let arrive = () => {};
    calls.pending = new Promise((resolve) => (arrive = resolve));
    const section = renderMoney();
    expect(within(section).getByText('Loading the money...')).toBeInTheDocument();
    arrive();
    expect(await within(section).findByText('Balance due')).toBeInTheDocument();
  });

  test('a failed load says so and Retry loads again', async () => {
    calls.fail = true;
    const section = renderMoney();
    expect(
      await within(section).findByText('Could not load the money. Please try again.'),
    ).toBeInTheDocument();
    calls.fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('Balance due')).toBeInTheDocument();
  });

  test('the statement: price, supplement, paid, balance with its due date; empty ledger and log', async () => {
    calls.money = money({ supplement_pence: 50_000, total_pence: 445_000, balance_pence: 420_000 });
    const section = renderMoney();
    await within(section).findByText('Balance due');
    const facts = within(section)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(facts).toEqual(['£3,950.00', '£500.00', '£250.00', '£4,200.00, due 1 May 2026']);
    expect(within(section).getByText('No payments yet.')).toBeInTheDocument();
    expect(within(section).getByText('No emails yet.')).toBeInTheDocument();
  });

  test('the ledger rows with their Stripe ids, and the email log with its error', async () => {
    calls.payments = [payment()];
    calls.emails = [
      {
        id: 'm1',
        registration_id: ID,
        kind: 'balance_reminder_14',
        recipient: 'zoe@example.org',
        status: 'failed',
        error: 'mailbox full',
        attempts: 1,
        queued_at: '2026-04-17T08:00:00Z',
        claimed_at: null,
        sent_at: null,
        waiting_list_entry_id: null,
        co_driver_copy: false,
        team_document_id: null,
        consent_id: null,
      },
    ];
    const section = renderMoney();
    const ledger = (await within(section).findAllByRole('table'))[0];
    expect(ledger).toHaveTextContent('Deposit');
    expect(ledger).toHaveTextContent('£250.00');
    expect(ledger).toHaveTextContent('cs_test_1 · pi_test_1');
    const log = within(section).getAllByRole('table')[1];
    expect(log).toHaveTextContent('Balance reminder (14 days)');
    expect(log).toHaveTextContent('zoe@example.org');
    expect(log).toHaveTextContent('failed: mailbox full');
  });

  test.each([
    ['awaiting deposit', 'Awaiting deposit', false],
    ['deposit paid', 'Deposit paid', true],
    ['balance due', 'Balance due', true],
    ['overdue', 'Overdue', true],
    ['paid in full', 'Paid in full', false],
    ['refunded', 'Refunded', false],
  ] as const)(
    '%s: says "%s", and "Send reminder now" is offered: %s',
    async (state, text, owes) => {
      calls.money = money({ state });
      const section = renderMoney();
      expect(await within(section).findByText(text)).toBeInTheDocument();
      expect(within(section).queryByRole('button', { name: 'Send reminder now' }) !== null).toBe(
        owes,
      );
      expect(within(section).queryByRole('button', { name: 'Mark refunded' })).toBeNull();
    },
  );

  test('"Send reminder now" sends the reminder and says so', async () => {
    const section = renderMoney();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Send reminder now' }),
    );
    expect(calls.reminded).toEqual([ID]);
    expect(await screen.findByText('Reminder sent.')).toBeInTheDocument();
  });

  test('"Send reminder now" that cannot send at once says the daily emails will', async () => {
    calls.reminder = 'queued';
    const section = renderMoney();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Send reminder now' }),
    );
    expect(
      await screen.findByText(
        'Reminder queued: it could not be sent just now, so it goes out with the next daily emails.',
      ),
    ).toBeInTheDocument();
  });

  test('a cancelled registration shows "Refund due"; "Mark refunded" wants a note, then records it', async () => {
    calls.money = money({ state: 'cancelled', refund_due_pence: 185_000, balance_pence: 0 });
    const section = renderMoney();
    expect(await within(section).findByText('Cancelled, refund due £1,850.00')).toBeInTheDocument();
    expect(within(section).getByText('Refund due').nextSibling).toHaveTextContent('£1,850.00');
    await userEvent.click(within(section).getByRole('button', { name: 'Mark refunded' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark £1,850.00 refunded?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(within(dialog).getByText('Please say how the refund was paid.')).toBeInTheDocument();
    expect(calls.refunded).toEqual([]);
    await userEvent.type(
      within(dialog).getByLabelText(/How was it paid back/),
      'Bank transfer 3 April',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(calls.refunded).toEqual([{ id: ID, note: 'Bank transfer 3 April' }]);
    // 'Refunded' is also the statement's line label: wait for the reloaded state's badge.
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Mark refunded' })).toBeNull(),
    );
    expect(within(section).getAllByText('Refunded')).toHaveLength(2);
  });

  test('"Refund £X" says the database\'s refund left, asks first, calls the function once for a double click, then says it waits for Stripe', async () => {
    // The terms gave £1,850.00 back; the database leaves £1,000.00 to send (the rest was paid).
    calls.money = money({
      state: 'cancelled',
      refund_due_pence: 185_000,
      refund_left_pence: 100_000,
      balance_pence: 0,
    });
    let settle = (_answer: Response) => {};
    calls.refundAnswer = new Promise((resolve) => (settle = resolve));
    const section = renderMoney();
    await userEvent.click(await within(section).findByRole('button', { name: 'Refund £1,000.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund £1,000.00 through Stripe?' });
    expect(calls.refundCalls).toEqual([]);
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Refund £1,000.00' }));
    // The label says 'Sending to Stripe...' once the call is slow; disabled at once.
    expect(
      within(dialog).getByRole('button', { name: /^(Refund £1,000\.00|Sending to Stripe\.\.\.)$/ }),
    ).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // What the database says once the refund is sent and Stripe has yet to confirm it.
    calls.money = { ...calls.money, refund_left_pence: 0, refund_pending_pence: 100_000 };
    calls.payments = [
      payment({
        id: 'r1',
        kind: 'refund',
        amount_pence: 100_000,
        status: 'pending',
        checkout_session_id: null,
        refund_id: 're_test_1',
        event_id: null,
      }),
    ];
    settle(json({ outcome: 'started', rows: [] }));
    expect(
      await within(section).findByText(
        'Refund of £1,000.00 sent to Stripe, waiting for confirmation.',
      ),
    ).toBeInTheDocument();
    expect(calls.refundCalls).toEqual([ID]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Refund / })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Mark refunded' })).toBeNull();
    const ledger = within(section).getAllByRole('table')[0];
    expect(ledger).toHaveTextContent('Refund (pending)');
    expect(ledger).toHaveTextContent('pi_test_1 · re_test_1');
  });

  test('"Refund £X" refused by the function shows its reason in the dialog', async () => {
    calls.money = money({
      state: 'cancelled',
      refund_due_pence: 185_000,
      refund_left_pence: 185_000,
      balance_pence: 0,
    });
    calls.refundAnswer = Promise.resolve(
      json({ error: 'Stripe refused the refund: Charge ch_1 has already been refunded.' }, 502),
    );
    const section = renderMoney();
    await userEvent.click(await within(section).findByRole('button', { name: 'Refund £1,850.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund £1,850.00 through Stripe?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund £1,850.00' }));
    expect(
      await within(dialog).findByText(
        'Stripe refused the refund: Charge ch_1 has already been refunded.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refund £1,850.00' })).toBeEnabled();
  });
});
