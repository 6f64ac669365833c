import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import AboutPage from './AboutPage';

describe('AboutPage', { timeout: 20_000 }, () => {
  it('shows fundraising as an accessible progress bar at 18.0% with donate and join links', async () => {
    const { db } = fakeDb({ past_tours: [] });
    renderPage(<AboutPage />, { db });
    const bar = screen.getByRole('progressbar', { name: 'Fundraising progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '27000');
    expect(bar).toHaveAttribute('aria-valuemax', '150000');
    expect(bar).toHaveAttribute('aria-valuetext', '£27,000 of £150,000 (18.0%)');
    expect(screen.getByText('18.0%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Donate Now/ })).toHaveAttribute('href', env.donateUrl);
    expect(screen.getByRole('link', { name: 'Join the 2026 Rally' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('lists the published past tours', async () => {
    const { db } = fakeDb({
      past_tours: [
        {
          id: 'p1',
          year: 2024,
          route: 'Dover to Lake Como',
          participants: 18,
          funds_raised: '£21,000',
          miles: 1650,
          published: true,
        },
        {
          id: 'p2',
          year: 2025,
          route: 'Folkestone to Salzburg',
          participants: 22,
          funds_raised: '£27,000',
          miles: 1800,
          published: true,
        },
        {
          id: 'p3',
          year: 2019,
          route: 'Draft tour',
          participants: 1,
          funds_raised: '£1',
          miles: 1,
          published: false,
        },
      ],
    });
    renderPage(<AboutPage />, { db });
    expect(await screen.findByRole('heading', { name: 'Past tours' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2025' })).toBeInTheDocument();
    expect(screen.getByText('Folkestone to Salzburg')).toBeInTheDocument();
    expect(screen.getByText('1,800')).toBeInTheDocument();
    expect(screen.queryByText('Draft tour')).toBeNull();
  });
});
