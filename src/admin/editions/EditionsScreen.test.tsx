// The Editions screen and its form: prefilled from the latest edition, the labels, the date checks
// beside their fields before anything is sent, pounds typed and pence stored, the database's
// refusal beside its field, the question before unsaved changes are lost, and "Make current"
// saying what changes on the public site. The data calls are stood in for here (they are tested
// against the emulator in tests/contract/editions.test.ts and edition-admin.test.ts).
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import type { Edition } from '../../data/types';
import { ToastProvider } from '../ui/Toast';
import { EditionRefusedError, type EditionInput } from '../../data/editions';
import { EditionsScreen } from './EditionsScreen';
import { editionStatus } from './edition-form';

const calls = vi.hoisted(() => ({
  editions: [] as Edition[],
  saved: [] as { id: string | null; input: EditionInput }[],
  refuse: null as Error | null,
  madeCurrent: [] as number[],
}));

vi.mock('../../data/editions', async (original) => ({
  ...(await original<typeof import('../../data/editions')>()),
  listEditions: async () => calls.editions,
  listEditionFigures: async () =>
    new Map([
      [
        calls.editions[0]?.id ?? '',
        {
          cars_paid: 3,
          places_taken: 3,
          deposits_received: 75_000,
          balances_received: 370_000,
          outstanding: 740_000,
          overdue: 370_000,
          refunded: 10_000,
          refunds_pending: 0,
          net: 435_000,
        },
      ],
    ]),
  saveEdition: async (_db: unknown, id: string | null, input: EditionInput) => {
    if (calls.refuse) throw calls.refuse;
    calls.saved.push({ id, input });
    return { ...calls.editions[0], ...input, id: id ?? 'new' };
  },
  makeCurrentEdition: async (_db: unknown, year: number) => {
    calls.madeCurrent.push(year);
    return 'id';
  },
}));

function edition2026(changes: Partial<Edition> = {}): Edition {
  return {
    id: 'e2026',
    year: 2026,
    name: '2026 Europe Rally',
    start_date: '2026-06-22',
    end_date: '2026-06-28',
    start_place: 'Dover',
    finish_place: 'Innsbruck',
    price_per_car: 420_000,
    deposit: 25_000,
    separate_rooms_supplement: 35_050,
    capacity: 12,
    registration_opens: '2025-11-01',
    registration_closes: '2026-05-31',
    balance_due: '2026-04-30',
    status: 'published',
    is_current: true,
    funds_raised: null,
    details_cutoff_days: 14,
    waiting_list_offer_hours: 48,
    cancellation_tiers: [
      { from_days: 91, percent: 50 },
      { from_days: 60, percent: 25 },
    ],
    created_at: '2025-10-01T00:00:00Z',
    updated_at: '2025-10-01T00:00:00Z',
    ...changes,
  };
}

function renderScreen() {
  // The editions' calls are stood in for above. Each row also asks this client for its readiness
  // count, left unanswered here: EditionReadiness.test.tsx has its states.
  const { db } = fakeDb({}, { hanging: ['edition_readiness'] });
  render(
    <MemoryRouter initialEntries={['/admin/editions']}>
      <Routes>
        <Route
          path="/admin/editions"
          element={
            <ToastProvider>
              <Link to="/admin/dashboard">Dashboard</Link>
              <EditionsScreen db={db} />
            </ToastProvider>
          }
        />
        <Route path="/admin/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const LABELS = [
  'Name',
  'Year',
  'Start date',
  'End date',
  'Registration opens',
  'Registration closes',
  'Price per car (£)',
  'Deposit (£)',
  'Separate rooms supplement (£)',
  'Capacity (cars)',
  'Balance due',
];

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('2026 Europe Rally');
  await user.click(screen.getByRole('button', { name: 'New edition' }));
  return screen.getByRole('form', { name: 'New edition' });
}

beforeEach(() => {
  calls.editions = [edition2026()];
  calls.saved = [];
  calls.refuse = null;
  calls.madeCurrent = [];
});

describe('the Editions screen', () => {
  test('lists each edition with its status, paid cars against capacity and its money', async () => {
    renderScreen();
    const [row] = await screen.findAllByTestId('edition-row');
    if (!row) throw new Error('no edition row');
    expect(row).toHaveTextContent('3 of 12 cars paid');
    const figures = within(row)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Deposits received', '£750.00'],
      ['Balances received', '£3,700.00'],
      ['Outstanding', '£7,400.00'],
      ['Overdue', '£3,700.00'],
      ['Refunded', '£100.00'],
      ['Net', '£4,350.00'],
    ]);
    expect(
      within(row).getByRole('button', { name: 'Download ledger (CSV) of the 2026 Europe Rally' }),
    ).toBeEnabled();
  });

  test('"New edition" is filled from the latest: a year later, same prices and capacity', async () => {
    calls.editions = [
      edition2026(),
      edition2026({ id: 'e2025', year: 2025, name: '2025 Europe Rally' }),
    ];
    const user = renderScreen();
    const form = await openNew(user);
    const value = (label: string) =>
      (within(form).getByLabelText(label, { exact: false }) as HTMLInputElement).value;
    expect(LABELS.map(value)).toEqual([
      '2027 Europe Rally',
      '2027',
      '2027-06-22',
      '2027-06-28',
      '2026-11-01',
      '2027-05-31',
      '4200',
      '250',
      '350.50',
      '12',
      '2027-04-30',
    ]);
  });

  test('checks the dates against each other first, with the message beside the field', async () => {
    const user = renderScreen();
    const form = await openNew(user);
    const end = within(form).getByLabelText('End date', { exact: false });
    fireEvent.change(end, { target: { value: '2026-06-20' } });
    const closes = within(form).getByLabelText('Registration closes', { exact: false });
    fireEvent.change(closes, { target: { value: '2027-06-22' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(end).toHaveAccessibleDescription(/The end date must be on or after the start date\./);
    expect(closes).toHaveAccessibleDescription(/Registration must close before the start date\./);
    expect(end).toHaveFocus();
    expect(calls.saved).toEqual([]);
  });

  test('amounts are typed in pounds and stored in pence', async () => {
    const user = renderScreen();
    const form = await openNew(user);
    const deposit = within(form).getByLabelText('Deposit (£)', { exact: false });
    await user.clear(deposit);
    await user.type(deposit, '300.50');
    await user.clear(
      within(form).getByLabelText('Separate rooms supplement (£)', { exact: false }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(calls.saved).toHaveLength(1);
    expect(calls.saved[0]).toMatchObject({
      id: null,
      input: {
        year: 2027,
        price_per_car: 420_000,
        deposit: 30_050,
        separate_rooms_supplement: null,
        capacity: 12,
        status: 'draft',
      },
    });
  });

  test('an amount that is not pounds is refused beside its field', async () => {
    const user = renderScreen();
    const form = await openNew(user);
    const price = within(form).getByLabelText('Price per car (£)', { exact: false });
    await user.clear(price);
    await user.type(price, '£4,200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(price).toHaveAccessibleDescription(/Please enter an amount in pounds/);
    expect(calls.saved).toEqual([]);
  });

  test('the database’s refusal is shown beside the field it names', async () => {
    calls.refuse = new EditionRefusedError(
      'There is already an edition for 2027.',
      '23505',
      'year',
    );
    const user = renderScreen();
    const form = await openNew(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const year = within(form).getByLabelText('Year', { exact: false });
    expect(await screen.findByText('There is already an edition for 2027.')).toBeVisible();
    expect(year).toHaveAccessibleDescription(/There is already an edition for 2027\./);
  });

  test('asks before losing unsaved changes: Cancel, an in-app link, closing the tab', async () => {
    const user = renderScreen();
    const form = await openNew(user);
    // Unchanged: the tab closes without a question.
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);

    await user.type(within(form).getByLabelText('Name', { exact: false }), ' (draft)');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(within(form).getByLabelText('Name', { exact: false })).toHaveValue(
      '2027 Europe Rally (draft)',
    );

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const again = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('"Make current" says what changes on the public site before it switches', async () => {
    calls.editions = [
      edition2026({
        id: 'e2027',
        year: 2027,
        name: '2027 Europe Rally',
        is_current: false,
        start_date: '2027-06-20',
        end_date: '2027-06-26',
        status: 'draft',
      }),
      edition2026(),
    ];
    const user = renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Make the 2027 Europe Rally current' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Make the 2027 Europe Rally current?' });
    expect(dialog).toHaveTextContent(
      'The public site will show the 2027 Europe Rally (20-26 June 2027)',
    );
    expect(dialog).toHaveTextContent('/rally (which leads to /2027-rally)');
    expect(dialog).toHaveTextContent('The 2026 Europe Rally becomes a past edition');
    expect(dialog).toHaveTextContent('It is a draft: it will be published.');
    expect(calls.madeCurrent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make current' }));
    expect(
      await screen.findByText('The 2027 Europe Rally is now the current edition.'),
    ).toBeVisible();
    expect(calls.madeCurrent).toEqual([2027]);
    expect(calls.saved[0]).toMatchObject({ id: 'e2027', input: { status: 'published' } });
  });
});

describe('an edition’s status', () => {
  const at = (day: string) => new Date(`${day}T12:00:00`);
  test.each([
    ['2025-10-01', 0, 'upcoming'],
    ['2025-12-01', 0, 'open'],
    ['2025-12-01', 12, 'full'],
    ['2026-06-10', 0, 'closed'],
    ['2026-06-24', 0, 'running'],
    ['2026-11-24', 0, 'finished'],
  ] as const)('on %s with %i places taken: %s', (day, taken, status) => {
    expect(editionStatus(edition2026(), at(day), taken)).toBe(status);
  });
  test('a draft is a draft whatever the date', () => {
    expect(editionStatus(edition2026({ status: 'draft' }), at('2026-11-24'), 0)).toBe('draft');
  });
});
