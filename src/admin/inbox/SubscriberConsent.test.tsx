// The Subscribers inbox's consent in words: each standing a subscriber can have, and the detail's
// consent records (wording version, source, given, confirmed, withdrawn and how), with the
// empty and failed states. The database is stood in for at the network; its side is in
// tests/contract/consent.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicDb } from '../../data/client';
import { restoreNetwork, stubNetwork } from '../../test/network';
import { consentStatus, SubscriberConsent } from './SubscriberConsent';

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

const at = '2026-11-20T10:00:00Z';

describe('consentStatus', () => {
  it('says each standing in words', () => {
    const row = { status: 'subscribed' as const, confirmed_at: null, updated_at: at };
    expect(consentStatus({ ...row, status: 'pending' })).toBe('Pending confirmation');
    expect(consentStatus({ ...row, confirmed_at: at })).toMatch(/^Confirmed 20 Nov/);
    expect(consentStatus({ ...row, status: 'unsubscribed' })).toMatch(/^Unsubscribed 20 Nov/);
    expect(consentStatus(row)).toBe('Not confirmed');
  });
});

describe('SubscriberConsent', { timeout: 20_000 }, () => {
  const record = {
    id: 'c1',
    email: 'fan@example.org',
    purpose: 'newsletter',
    wording_version: 'newsletter-2026-11',
    source: 'footer',
    given_at: at,
    confirmed_at: at,
    withdrawn_at: at,
    withdrawn_how: 'one-click',
  };

  it('lists the address’s consents with their version, source and withdrawal', async () => {
    const calls = stubNetwork({ consent_records: { body: [record] } });
    render(<SubscriberConsent email="Fan@example.org" db={publicDb} />);
    expect(
      await screen.findByText(
        /Newsletter, wording newsletter-2026-11 · Newsletter box · given 20 Nov.* · confirmed .* · withdrawn .* by one-click unsubscribe/,
      ),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.name)).toEqual(['consent_records']);
  });

  it('says when none was recorded, and offers Retry when the load failed', async () => {
    stubNetwork({ consent_records: { body: [] } });
    const { unmount } = render(<SubscriberConsent email="old@example.org" db={publicDb} />);
    expect(await screen.findByText(/None recorded/)).toBeInTheDocument();
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubNetwork({ consent_records: { status: 500, body: { message: 'down' } } });
    render(<SubscriberConsent email="broken@example.org" db={publicDb} />);
    expect(await screen.findByText(/Could not load the consent records/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  });
});
