import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
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

  it('dates the privacy policy 15 October 2025', () => {
    renderPage(<PrivacyPage />, { db: fakeDb({}).db });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('15 October 2025')).toBeInTheDocument();
  });
});
