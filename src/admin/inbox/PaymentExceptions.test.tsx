// A registration's payment exceptions name the payment they were about: the deposit's (issue 20)
// and now the balance's (issue 23), each with its reason. The network stands in for the database
// here (which records them: tests/contract/team-page.test.ts); the unit project shares one module
// registry per worker, so a module mock could meet an inbox module another file had loaded.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { publicDb } from '../../data/client';
import type { PaymentException } from '../../data/inbox';
import { ToastProvider } from '../ui/Toast';
import { PaymentExceptions } from './PaymentExceptions';
import { restoreNetwork } from '../../test/network';

function exception(overrides: Partial<PaymentException>): PaymentException {
  return {
    amount: 100_000,
    created_at: '2026-04-01T10:00:00Z',
    currency: 'gbp',
    event_id: 'evt_1',
    event_type: 'checkout.session.completed',
    expected_amount: 370_000,
    id: 'x1',
    kind: 'deposit',
    mode: 'payment',
    note: '',
    payment_id: 'pi_1',
    payment_status: 'paid',
    reason: 'amount',
    reference: null,
    registration_id: REGISTRATION,
    resolution: null,
    ...overrides,
  };
}

const REGISTRATION = '6a0c3f1e-2b4d-4e5f-8a9b-0c1d2e3f4a5b';

afterEach(async () => {
  await restoreNetwork();
});

describe('payment exceptions', () => {
  test('the balance’s show beside the deposit’s, each naming its kind and reason', async () => {
    const rows = [
      exception({ id: 'x1', kind: 'deposit', reason: 'duplicate' }),
      exception({ id: 'x2', kind: 'balance', reason: 'amount' }),
    ];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (
        url.pathname.endsWith('/rest/v1/payment_exceptions') &&
        url.searchParams.get('registration_id') === `eq.${REGISTRATION}`
      )
        return new Response(JSON.stringify(rows), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      return new Response('{"message":"not in this test"}', { status: 500 });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <ToastProvider>
        <PaymentExceptions registrationId={REGISTRATION} db={publicDb} />
      </ToastProvider>,
    );
    expect(await screen.findByText('Deposit: Paid twice')).toBeInTheDocument();
    expect(screen.getByText('Balance: Wrong amount')).toBeInTheDocument();
    expect(screen.getAllByText(/expected £3,700\.00/)).toHaveLength(2);
  });
});
