// The Waiting list screen: the current edition's queue by default and another edition's by the
// URL, each entry's place, contact, joining date and status in words (an accepted one linking to
// its registration), loading, empty and failed states, "Offer next place" with the database's
// refusal, and "Remove" after asking. The database is stood in for at the network (never by
// mocking a data module); its side is in tests/contract/waiting-list.test.ts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicDb } from '../../data/client';
import type { Edition } from '../../data/types';
import type { WaitingListRow } from '../../data/waitingListAdmin';
import { type NetworkAnswer, restoreNetwork, stubNetwork } from '../../test/network';
import { ToastProvider } from '../ui/Toast';
import { WaitingListScreen } from './WaitingListScreen';

function edition(year: number, changes: Partial<Edition> = {}): Edition {
  return {
    id: `e${year}`,
    year,
    name: `${year} Europe Rally`,
    start_date: `${year}-06-22`,
    end_date: `${year}-06-28`,
    start_place: 'Dover',
    finish_place: 'Innsbruck',
    price_per_car: 420_000,
    deposit: 25_000,
    separate_rooms_supplement: 35_050,
    capacity: 12,
    registration_opens: `${year - 1}-11-01`,
    registration_closes: `${year}-05-31`,
    balance_due: `${year}-04-30`,
    status: 'published',
    is_current: year === 2026,
    funds_raised: null,
    details_cutoff_days: 14,
    cancellation_tiers: [],
    waiting_list_offer_hours: 48,
    created_at: '2025-10-01T00:00:00Z',
    updated_at: '2025-10-01T00:00:00Z',
    ...changes,
  };
}

const EDITIONS = [edition(2027), edition(2026)];

function entry(changes: Partial<WaitingListRow>): WaitingListRow {
  return {
    id: 'w1',
    position: 1,
    name: 'Robin Waiting',
    email: 'robin@example.org',
    phone: '07700 900456',
    status: 'waiting',
    offered_at: null,
    offer_expires_at: null,
    created_at: '2026-03-01T09:15:00Z',
    registration_id: null,
    consent_version: 'waiting-list-2026-11',
    ...changes,
  };
}

const QUEUE = [
  entry({
    id: 'w0',
    position: null,
    name: 'Ash Accepted',
    email: 'ash@example.org',
    status: 'accepted',
    registration_id: 'r1',
  }),
  entry({
    id: 'w2',
    position: null,
    name: 'Olly Offered',
    email: 'olly@example.org',
    status: 'offered',
    offered_at: '2026-03-28T13:30:00Z',
    offer_expires_at: '2026-03-30T13:30:00Z',
  }),
  entry({ id: 'w1' }),
  entry({ id: 'w3', position: null, name: 'Exe Expired', status: 'expired' }),
  entry({ id: 'w4', position: null, name: 'Dee Declined', status: 'declined' }),
  entry({ id: 'w5', position: null, name: 'Wyn Withdrawn', status: 'withdrawn' }),
];

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderScreen(path = '/admin/waiting-list') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ToastProvider>
        <Routes>
          <Route path="/admin/waiting-list" element={<WaitingListScreen db={publicDb} />} />
          <Route path="/admin/registrations" element={<Where />} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

function network(answers: Record<string, NetworkAnswer>) {
  return stubNetwork({ editions: { body: EDITIONS }, ...answers });
}

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('the Waiting list screen', { timeout: 20_000 }, () => {
  it("lists the current edition's queue: place, contact, joined and each status in words", async () => {
    const calls = network({ waiting_list: { body: QUEUE } });
    renderScreen();
    const rows = await screen.findAllByTestId('waiting-list-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ash Accepted'),
      expect.stringContaining('Olly Offered'),
      expect.stringContaining('Robin Waiting'),
      expect.stringContaining('Exe Expired'),
      expect.stringContaining('Dee Declined'),
      expect.stringContaining('Wyn Withdrawn'),
    ]);
    const cells = (index: number) =>
      within(rows[index] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(2)).toEqual([
      '1',
      'robin@example.org',
      '07700 900456',
      '1 Mar 2026, 09:15',
      'Waiting',
      'Remove',
    ]);
    expect(cells(1)[4]).toBe('Offered until 30 Mar 2026, 14:30');
    expect(cells(3)[4]).toBe('Expired');
    expect(cells(4)[4]).toBe('Declined');
    expect(cells(5)[4]).toBe('Withdrawn');
    // Only entries still waiting or holding an offer may be removed.
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.textContent)).toEqual([
      'Remove',
      'Remove',
    ]);
    expect(calls.find((call) => call.name === 'waiting_list')?.body).toEqual({ edition: 'e2026' });
  });

  it('an accepted entry links to its registration in the inbox', async () => {
    const user = userEvent.setup({ delay: null });
    network({ waiting_list: { body: QUEUE } });
    renderScreen();
    await user.click(await screen.findByRole('link', { name: /Accepted/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/admin/registrations?edition=2026&q=ash%40example.org',
    );
  });

  it("shows another edition's queue by the URL, and the edition chooser changes it", async () => {
    const user = userEvent.setup({ delay: null });
    const calls = network({ waiting_list: { body: [] } });
    renderScreen('/admin/waiting-list?edition=2027');
    expect(await screen.findByText('Nobody is waiting for the 2027 Europe Rally.')).toBeVisible();
    expect(screen.getByLabelText('Edition')).toHaveValue('2027');
    await user.selectOptions(screen.getByLabelText('Edition'), '2026');
    expect(await screen.findByText('Nobody is waiting for the 2026 Europe Rally.')).toBeVisible();
    expect(calls.filter((call) => call.name === 'waiting_list').map((call) => call.body)).toEqual([
      { edition: 'e2027' },
      { edition: 'e2026' },
    ]);
  });

  it('says it is loading, then that the list could not be loaded, and Retry loads it', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: 'fail' | 'rows' = 'fail';
    let arrive = () => {};
    const first = new Promise<void>((resolve) => (arrive = resolve));
    const calls = network({
      waiting_list: async () => {
        await first;
        return answer === 'fail' ? { status: 503, body: { message: 'down' } } : { body: QUEUE };
      },
    });
    renderScreen();
    // The queue is asked for once the editions are known; until it answers the screen says so.
    await vi.waitFor(() => expect(calls.map((call) => call.name)).toContain('waiting_list'));
    expect(screen.getByText('Loading the waiting list...')).toBeInTheDocument();
    arrive();
    expect(
      await screen.findByText('Could not load the waiting list. Please try again.'),
    ).toBeInTheDocument();
    answer = 'rows';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('waiting-list-row')).toHaveLength(6);
  });

  it("Offer next place: offers, reloads, and shows the database's refusal when no place is free", async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = false;
    const calls = network({
      waiting_list: { body: QUEUE },
      offer_next_place: () =>
        refuse
          ? {
              status: 409,
              body: {
                code: 'PT409',
                message: 'No place is free in the 2026 Europe Rally: an offer needs a free place.',
              },
            }
          : { body: 'w1' },
    });
    renderScreen();
    await screen.findAllByTestId('waiting-list-row');
    await user.click(screen.getByRole('button', { name: 'Offer next place' }));
    expect(
      await screen.findByText(
        'The next place has been offered; the email with its link is on its way.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'offer_next_place')?.body).toEqual({
      edition: 'e2026',
    });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.name === 'waiting_list')).toHaveLength(2),
    );
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Offer next place' }));
    expect(
      await screen.findByText(
        'No place is free in the 2026 Europe Rally: an offer needs a free place.',
      ),
    ).toBeInTheDocument();
  });

  it('Remove asks first, naming the person, then withdraws the entry', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = network({
      waiting_list: { body: QUEUE },
      withdraw_waiting_list_entry: { status: 204, body: undefined },
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Remove Olly Offered' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Remove Olly Offered from the waiting list?',
    });
    expect(dialog).toHaveTextContent('Their offer ends now and the place goes to the next person');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.name === 'withdraw_waiting_list_entry')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove Robin Waiting' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Removed Robin Waiting from the waiting list.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'withdraw_waiting_list_entry')).toEqual([
      { name: 'withdraw_waiting_list_entry', body: { entry: 'w1' } },
    ]);
  });
});
