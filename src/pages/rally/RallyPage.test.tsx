import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import RallyPage from './RallyPage';

describe('RallyPage', { timeout: 20_000 }, () => {
  // While registration is open (the seed's calendar): the page reserves places.
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 2, 1, 12), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the mystery route, pricing and the spots remaining as counted', async () => {
    const { db } = fakeDb({ rally_places: [{ capacity: 12, taken: 5, remaining: 7 }] });
    renderPage(<RallyPage />, { db });
    expect(screen.getByText('Switzerland (Zurich)')).toBeInTheDocument();
    expect(screen.getAllByText(/mystery route/).length).toBeGreaterThan(0);
    expect(screen.getByText('£3,950')).toBeInTheDocument();
    expect(screen.getByText('£250 non-refundable deposit secures your place')).toBeInTheDocument();
    expect(await screen.findByText('7')).toHaveAttribute('data-testid', 'spots-remaining');
    expect(screen.getByRole('link', { name: 'Reserve Your Spot' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });

  it('shows 12 spots when the count cannot be read and lists only published events', async () => {
    const { db } = fakeDb({
      site_settings: [],
      events: [
        {
          id: 'e1',
          name: 'Spring meetup',
          starts_on: '2026-04-12',
          ends_on: null,
          date: '',
          time: '10:00',
          location: 'Oxford',
          type: 'Meetup',
          status: 'Registration Open',
          description: '',
          published: true,
        },
        {
          id: 'e2',
          name: 'Secret draft',
          starts_on: '2026-05-01',
          ends_on: null,
          date: '',
          time: '10:00',
          location: 'Bath',
          type: 'Workshop',
          status: 'Planned',
          description: '',
          published: false,
        },
      ],
    });
    renderPage(<RallyPage />, { db });
    await waitFor(() => expect(screen.getByTestId('spots-remaining')).toHaveTextContent('12'));
    expect(await screen.findByRole('heading', { name: 'Spring meetup' })).toBeInTheDocument();
    expect(screen.getByText('Oxford')).toBeInTheDocument();
    expect(screen.getByText('Registration Open')).toBeInTheDocument();
    expect(screen.queryByText('Secret draft')).toBeNull();
  });
});
