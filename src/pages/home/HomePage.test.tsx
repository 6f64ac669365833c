import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import { articleRow, sponsorRow } from '../../test/rows';
import HomePage from './HomePage';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 0, 1), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// Typing and rendering are slow on a shared CI machine; the default 5 s is too tight.
describe('HomePage', { timeout: 20_000 }, () => {
  it('shows loading states while sponsors and news load', () => {
    const { db } = fakeDb({}, { hanging: ['sponsors', 'news_articles'] });
    renderPage(<HomePage />, { db });
    expect(screen.getByText('Loading sponsors...')).toBeInTheDocument();
    expect(screen.getByText('Loading news...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up Today' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Sponsor Us' })).toHaveAttribute('href', '/sponsors');
  });

  it("shows the empty states and 'Become a Sponsor' when nothing is published", async () => {
    const { db } = fakeDb({ sponsors: [], news_articles: [], testimonials: [] });
    renderPage(<HomePage />, { db });
    expect(
      await screen.findByText('No news articles available yet. Check back soon!'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Become a Sponsor' })).toHaveAttribute(
      'href',
      '/sponsors',
    );
    expect(screen.queryByRole('blockquote')).toBeNull();
  });

  it('lists sponsors with the tier 1 card spanning two columns and the three newest articles', async () => {
    const { db, requests } = fakeDb({
      sponsors: [
        sponsorRow({ name: 'Headline Ltd', tier: 'Tier 1', sort_order: 1 }),
        sponsorRow({
          name: 'Friendly Garage',
          tier: 'Tier 3',
          sort_order: 2,
          website_url: 'https://garage.example',
        }),
        sponsorRow({ name: 'Hidden Draft', published: false }),
      ],
      news_articles: [
        articleRow({ title: 'Oldest', published_date: '2026-01-01' }),
        articleRow({ title: 'Newest', published_date: '2026-04-01' }),
        articleRow({ title: 'Middle', published_date: '2026-02-01' }),
        articleRow({ title: 'Third', published_date: '2026-01-15' }),
      ],
      testimonials: [
        {
          id: 't2',
          name: 'Second',
          quote: 'Later quote',
          published: true,
          sort_order: 2,
          year: 2025,
        },
        {
          id: 't1',
          name: 'Sam Driver',
          quote: 'Best week of the year',
          published: true,
          sort_order: 1,
          year: 2025,
        },
      ],
    });
    renderPage(<HomePage />, { db });
    const sponsors = await screen.findByRole('list', { name: 'Sponsors' });
    const items = within(sponsors).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass('col-span-2');
    expect(items[1]).not.toHaveClass('col-span-2');
    expect(within(items[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'https://garage.example',
    );
    expect(screen.getByRole('link', { name: 'Learn About Sponsorship' })).toBeInTheDocument();

    const titles = (await screen.findAllByRole('heading', { level: 3 })).map(
      (heading) => heading.textContent,
    );
    expect(titles).toEqual(['Newest', 'Middle', 'Third']);
    const newest = requests.find((request) => request.table === 'news_articles');
    expect(newest?.url.searchParams.get('limit')).toBe('3');
    expect(screen.getByRole('link', { name: /Read More: Newest/ }).getAttribute('href')).toMatch(
      /^\/news\/[0-9a-f-]{36}$/,
    );
    expect(screen.getByText('“Best week of the year”')).toBeInTheDocument();
  });

  it('logs a failed load and shows the empty state instead of spinning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb(
      {},
      { failing: { sponsors: 500, news_articles: 500, testimonials: 500, site_settings: 500 } },
    );
    renderPage(<HomePage />, { db });
    expect(
      await screen.findByText('No news articles available yet. Check back soon!'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Become a Sponsor' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
