import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DbProvider } from '../data/dbContext';
import { fakeDb, SITE_FACTS } from '../test/fakeRest';
import { editionRow } from '../test/rows';
import { AppProviders, AppRoutes } from './App';
import { preloadRoute } from './routes';

/**
 * The site at `path`; by default with the seed's facts (the database has not answered the layout's
 * reads).
 */
function renderAt(path: string, { db } = fakeDb({}, { hanging: SITE_FACTS })) {
  return render(
    <DbProvider db={db}>
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>
    </DbProvider>,
  );
}

describe('routes', { timeout: 20_000 }, () => {
  it('shows a friendly 404 inside the site layout for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(
      // The page's code loads lazily: slow on a machine running other suites.
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    // The header is a lazily loaded part of the layout too (src/app/routes.tsx).
    expect(
      await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('renders a preloaded page without suspending (as hydration needs)', async () => {
    await preloadRoute('/terms-conditions');
    renderAt('/terms-conditions');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
  });

  it("sends the generic /rally to the current edition's page", async () => {
    await preloadRoute('/2027-rally');
    // The database's current edition, not the seed's year.
    const editions = [
      editionRow({ is_current: false }),
      editionRow({ year: 2027, name: '2027 Europe Rally', is_current: true }),
    ];
    renderAt(
      '/rally',
      fakeDb(
        { editions, site_settings: [], rally_places: [{ capacity: 12, taken: 0, remaining: 12 }] },
        // The total raised is a figure beside the facts (the offline adjustment stands in).
        { failing: { funds_raised_to_date: 500 } },
      ),
    );
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The 2027 Europe Rally' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});
