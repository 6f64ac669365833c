import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import RallyPage from './RallyPage';

/** The current edition's page (the seed's 2026 outside a provider). */
const current = { path: '/2026-rally', pattern: '/:rallyPage' };

const edition2025 = {
  id: 'ed-2025',
  year: 2025,
  name: '2025 Europe Rally',
  start_date: '2025-06-23',
  end_date: '2025-06-29',
  start_place: 'Dover',
  finish_place: 'Vienna',
  price_per_car: 380_000,
  deposit: 25_000,
  capacity: 12,
  registration_opens: '2024-09-01',
  registration_closes: '2025-05-31',
  status: 'published',
  is_current: false,
  funds_raised: 1_234_500,
};

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
    renderPage(<RallyPage />, { db, ...current });
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
    renderPage(<RallyPage />, { db, ...current });
    await waitFor(() => expect(screen.getByTestId('spots-remaining')).toHaveTextContent('12'));
    expect(await screen.findByRole('heading', { name: 'Spring meetup' })).toBeInTheDocument();
    expect(screen.getByText('Oxford')).toBeInTheDocument();
    expect(screen.getByText('Registration Open')).toBeInTheDocument();
    expect(screen.queryByText('Secret draft')).toBeNull();
  });

  it('badges an event whose date has passed as finished, never "Registration Open"', async () => {
    const { db } = fakeDb({
      events: [
        {
          id: 'e1',
          name: 'Winter meetup',
          starts_on: '2026-01-12',
          ends_on: null,
          date: '',
          time: '10:00',
          location: 'Oxford',
          type: 'Meetup',
          status: 'Registration Open',
          description: '',
          published: true,
        },
      ],
    });
    renderPage(<RallyPage />, { db, ...current });
    expect(await screen.findByRole('heading', { name: 'Winter meetup' })).toBeInTheDocument();
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByText('Registration Open')).toBeNull();
  });

  it("shows another year's published edition as the finished rally, without sign-up", async () => {
    const { db } = fakeDb({
      editions: [edition2025],
      edition_cars: [3] as never[],
      public_teams: [
        {
          team_name: 'The Hairpins',
          vehicle_make: 'Mini',
          vehicle_model: 'Cooper',
          fundraising_url: 'https://www.justgiving.com/page/hairpins',
          fundraising_target_pence: 250_000,
        },
      ] as never[],
    });
    renderPage(<RallyPage />, { db, path: '/2025-rally', pattern: '/:rallyPage' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The 2025 Europe Rally' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('edition-state')).toHaveTextContent('has finished');
    expect(screen.getByTestId('edition-dates')).toHaveTextContent('23-29 June 2025');
    expect(screen.getByText('Dover to Vienna')).toBeInTheDocument();
    expect(await screen.findByTestId('edition-cars')).toHaveTextContent('3');
    expect(screen.getByTestId('edition-funds-raised')).toHaveTextContent('£12,345');
    expect(screen.getByRole('link', { name: 'See the Photos' })).toHaveAttribute(
      'href',
      '/gallery',
    );
    expect(screen.getByRole('link', { name: 'Rally News' })).toHaveAttribute('href', '/news');
    expect(screen.getByRole('link', { name: 'See the 2026 Rally' })).toHaveAttribute(
      'href',
      '/2026-rally',
    );
    expect(screen.queryByRole('link', { name: /Reserve|Sign Up/ })).toBeNull();
    expect(screen.queryByText(/deposit/i)).toBeNull();
    // The teams who drove that year and agreed to be listed, with their fundraising pages.
    expect(await screen.findByRole('heading', { name: 'The teams' })).toBeInTheDocument();
    expect(
      screen.getByText('The teams who drove, and the fundraising pages they raised money through.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Mini Cooper')).toBeInTheDocument();
    expect(screen.getByText('Target: £2,500')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sponsor The Hairpins/ })).toHaveAttribute(
      'href',
      'https://www.justgiving.com/page/hairpins',
    );
  });

  it('answers the 404 page for a year without a published edition and for other paths', async () => {
    const { db } = fakeDb({ editions: [edition2025] });
    renderPage(<RallyPage />, { db, path: '/2031-rally', pattern: '/:rallyPage' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    cleanup();
    renderPage(<RallyPage />, { db, path: '/no-such-page', pattern: '/:rallyPage' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
