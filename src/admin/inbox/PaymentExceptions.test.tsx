// A registration's payment exceptions name the payment they were about: the deposit's (issue 20)
// and now the balance's (issue 23), each with its reason. The data call is stood in for here (the
// database records them: tests/contract/team-page.test.ts).
import { render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { publicDb } from '../../data/client';
import type { PaymentException } from '../../data/inbox';
import { ToastProvider } from '../ui/Toast';
import { PaymentExceptions } from './PaymentExceptions';

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
    registration_id: 'r1',
    resolution: null,
    ...overrides,
  };
}

vi.mock('../../data/inbox', async (original) => ({
  ...(await original<typeof import('../../data/inbox')>()),
  listPaymentExceptions: async () => [
    exception({ id: 'x1', kind: 'deposit', reason: 'duplicate' }),
    exception({ id: 'x2', kind: 'balance', reason: 'amount' }),
  ],
}));

describe('payment exceptions', () => {
  test('the balance’s show beside the deposit’s, each naming its kind and reason', async () => {
    render(
      <ToastProvider>
        <PaymentExceptions registrationId="r1" db={publicDb} />
      </ToastProvider>,
    );
    expect(await screen.findByText('Deposit: Paid twice')).toBeInTheDocument();
    expect(screen.getByText('Balance: Wrong amount')).toBeInTheDocument();
    expect(screen.getAllByText(/expected £3,700\.00/)).toHaveLength(2);
  });
});
