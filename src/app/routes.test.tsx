import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders, AppRoutes } from './App';
import { preloadRoute } from './routes';

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
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
    await preloadRoute('/2026-rally');
    renderAt('/rally');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The 2026 Europe Rally' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});
