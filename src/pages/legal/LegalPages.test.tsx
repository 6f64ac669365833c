import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteSettingsProvider } from '../../data/SiteSettingsProvider';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import { cancellationPoints } from './documents';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

describe('legal pages', () => {
  it('states eligibility, the deposit and the cancellation scale in the terms, updated 15 October 2025', () => {
    renderPage(<TermsPage />, { db: fakeDb({}).db });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(screen.getByText('15 October 2025')).toBeInTheDocument();
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
    expect(screen.getByText(/valid driving licence/)).toBeInTheDocument();
    expect(screen.getByText(/valid insurance/)).toBeInTheDocument();
    expect(screen.getByText(/must be roadworthy/)).toBeInTheDocument();
    expect(
      screen.getByText(/A deposit of £250 secures your place. The deposit is non-refundable./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'More than 90 days before the start: 50% of the entry fee, excluding the deposit.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('60-90 days before the start: 25% of the entry fee, excluding the deposit.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Less than 60 days before the start: No refund.')).toBeInTheDocument();
  });

  it("states the current edition's own cancellation tiers and balance due date, read from its row", async () => {
    const edition = {
      id: '00000000-0000-4000-8000-000000002027',
      year: 2027,
      name: '2027 Europe Rally',
      start_date: '2027-06-21',
      end_date: '2027-06-27',
      start_place: 'Dover',
      finish_place: 'Innsbruck',
      price_per_car: 410_000,
      deposit: 30_000,
      separate_rooms_supplement: null,
      capacity: 12,
      registration_opens: '2026-11-24',
      registration_closes: '2027-05-31',
      balance_due: '2027-04-30',
      status: 'published',
      is_current: true,
      funds_raised: null,
      details_cutoff_days: 14,
      cancellation_tiers: [
        { from_days: 120, percent: 75 },
        { from_days: 45, percent: 20 },
      ],
    };
    const { db } = fakeDb({
      editions: [edition],
      funds_raised_to_date: [0] as never[],
      rally_places: [{ capacity: 12, taken: 0, remaining: 12 }],
    });
    renderPage(
      <SiteSettingsProvider>
        <TermsPage />
      </SiteSettingsProvider>,
      { db },
    );
    expect(
      await screen.findByText(
        'More than 119 days before the start: 75% of the entry fee, excluding the deposit.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '45-119 days before the start: 20% of the entry fee, excluding the deposit.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Less than 45 days before the start: No refund.')).toBeInTheDocument();
    expect(screen.getByText(/The balance is due on 30 April 2027\./)).toBeInTheDocument();
    expect(screen.queryByText(/More than 90 days/)).not.toBeInTheDocument();
  });

  it('words every shape of tiers the database allows', () => {
    expect(cancellationPoints([{ fromDays: 0, percent: 100 }])).toEqual([
      'Any time before the start: 100% of the entry fee, excluding the deposit.',
    ]);
    expect(
      cancellationPoints([
        { fromDays: 61, percent: 50 },
        { fromDays: 60, percent: 0 },
      ]),
    ).toEqual([
      'More than 60 days before the start: 50% of the entry fee, excluding the deposit.',
      '60 days before the start: No refund.',
      'Less than 60 days before the start: No refund.',
    ]);
    expect(cancellationPoints([])).toEqual(['Cancellation: No refund.']);
  });

  it('dates the privacy policy 15 October 2025', () => {
    renderPage(<PrivacyPage />, { db: fakeDb({}).db });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('15 October 2025')).toBeInTheDocument();
  });

  it('states what is kept, for as long as the retention setting says, and how to ask', async () => {
    const { db } = fakeDb({
      site_settings: [{ key: 'retention_months', value: '18' }],
      funds_raised_to_date: [0] as never[],
      rally_places: [{ capacity: 12, taken: 0, remaining: 12 }],
    });
    renderPage(
      <SiteSettingsProvider>
        <PrivacyPage />
      </SiteSettingsProvider>,
      { db },
    );
    expect(
      await screen.findByText(/are kept for 18 months after the rally ends, then erased\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/dates of birth, licence details and the documents/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Asking for a copy or for erasure' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We will send you a copy of everything we hold about that address/),
    ).toBeInTheDocument();
  });

  it('states the seed retention, 12 months, where no setting is read', () => {
    renderPage(<PrivacyPage />, { db: fakeDb({}).db });
    expect(screen.getByText(/are kept for 12 months after the rally ends/)).toBeInTheDocument();
  });
});
