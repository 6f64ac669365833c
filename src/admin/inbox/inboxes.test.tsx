// The registrations inbox's words for a row: its webhook attempts counted in good English, and a
// payment exception shown in the list and the export (issue 20), and its money state in the list,
// the Money filter and the export (issue 23), its readiness in the list, the Readiness filter and
// the export (issue 25).
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { RegistrationListRow } from '../../data/inbox';
import { contactSubjects } from '../../config/forms';
import { sponsorTiers } from '../../config/rally';
import { INBOX_STATUSES, SUBSCRIBER_STATUSES } from '../../data/content-table';
import { enquiriesInbox, messagesInbox, registrationsInbox, subscribersInbox } from './inboxes';

function registration(overrides: Partial<RegistrationListRow> = {}): RegistrationListRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    lead_driver_name: 'Zoë O’Brien',
    lead_driver_email: 'zoe@example.org',
    lead_driver_phone: '07700 900123',
    co_driver_name: '',
    co_driver_email: '',
    co_driver_phone: '',
    team_name: 'Hairpins',
    separate_rooms: false,
    vehicle_make: '',
    vehicle_colour: '',
    registration_plate: '',
    terms_accepted_at: '2026-03-01T12:00:00Z',
    status: 'new',
    note: '',
    deposit_status: 'pending',
    deposit_amount: null,
    deposit_currency: null,
    deposit_paid_at: null,
    payment_id: null,
    webhook_status: 'delivered',
    webhook_attempts: 1,
    webhook_error: null,
    webhook_attempted_at: null,
    confirmation_sent_at: null,
    receipt_sent_at: null,
    created_at: '2026-03-01T12:00:00Z',
    updated_at: '2026-03-01T12:00:00Z',
    website: null,
    client_ip: null,
    holds_place: true,
    payment_exception: null,
    edition_id: '00000000-0000-4000-8000-000000002026',
    vehicle_model: '',
    emergency_contact_name: '',
    emergency_contact_phone: '',
    cancelled_at: null,
    refund_due_pence: null,
    fundraising_url: '',
    fundraising_target_pence: null,
    show_on_teams_list: false,
    door_number: null,
    anonymised_at: null,
    paid_pence: 0,
    deposit_paid_pence: 0,
    refunded_pence: 0,
    money_state: 'awaiting deposit',
    balance_pence: 395_000,
    insurance_expiry: null,
    mot_expiry: null,
    readiness: 'documents missing',
    ...overrides,
  };
}

const fact = (row: RegistrationListRow, label: string) =>
  registrationsInbox.details(row).find(([name]) => name === label)?.[1];

describe('the registrations inbox', () => {
  test.each([
    [1, 'Webhook delivered (1 attempt)'],
    [2, 'Webhook delivered (2 attempts)'],
  ])('counts %i webhook attempt(s) as "%s"', (count, text) => {
    expect(fact(registration({ webhook_attempts: count }), 'Webhook')).toBe(text);
  });

  test('marks a registration with a payment exception in the list and the export', () => {
    render(<>{registrationsInbox.summary(registration({ payment_exception: 'no-place' }))}</>);
    expect(screen.getByText('Payment exception')).toBeInTheDocument();
    const column = registrationsInbox.csv.find((c) => c.header === 'Payment exception');
    expect(column?.value(registration({ payment_exception: 'no-place' }))).toBe(
      'Paid with no place free',
    );
    expect(registrationsInbox.filters.map((filter) => filter.column)).toContain(
      'payment_exception',
    );
  });
});

describe("the registrations inbox's money", () => {
  const csv = (row: RegistrationListRow, header: string) =>
    registrationsInbox.csv.find((column) => column.header === header)?.value(row);

  test.each([
    ['awaiting deposit', 'Awaiting deposit'],
    ['deposit paid', 'Deposit paid'],
    ['balance due', 'Balance due'],
    ['overdue', 'Overdue'],
    ['paid in full', 'Paid in full'],
    ['refunded', 'Refunded'],
    ['cancelled', 'Cancelled'],
  ] as const)('shows the state %s as "%s" in the row and the export', (state, text) => {
    const row = registration({ money_state: state });
    render(<>{registrationsInbox.summary(row)}</>);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(csv(row, 'Money')).toBe(text);
  });

  test('the money state stands for the deposit in the row; only a failed deposit is said apart', () => {
    const { unmount } = render(
      <>
        {registrationsInbox.summary(
          registration({ money_state: 'deposit paid', deposit_status: 'paid' }),
        )}
      </>,
    );
    expect(screen.getAllByText('Deposit paid')).toHaveLength(1);
    unmount();
    render(<>{registrationsInbox.summary(registration({ deposit_status: 'failed' }))}</>);
    expect(screen.getByText('Deposit failed')).toHaveClass('bg-red-100');
  });

  test('a cancelled registration still owed its refund says how much, in red', () => {
    const row = registration({
      money_state: 'cancelled',
      status: 'cancelled',
      refund_due_pence: 185_000,
      refunded_pence: 0,
    });
    render(<>{registrationsInbox.summary(row)}</>);
    expect(screen.getByText('Cancelled, refund due £1,850.00')).toHaveClass('bg-red-100');
    expect(csv(row, 'Money')).toBe('Cancelled, refund due £1,850.00');
  });

  test('the export gains the balance, and the Money filter offers every state', () => {
    expect(
      csv(registration({ money_state: 'balance due', balance_pence: 370_000 }), 'Balance'),
    ).toBe('£3,700.00');
    const money = registrationsInbox.filters.find((filter) => filter.column === 'money_state');
    expect(money?.options?.map((option) => option.value)).toEqual([
      'awaiting deposit',
      'deposit paid',
      'balance due',
      'overdue',
      'paid in full',
      'cancelled',
      'refunded',
    ]);
  });
});

describe("the registrations inbox's readiness", () => {
  test.each([
    ['ready to drive', 'Ready to drive', 'bg-emerald-100'],
    ['awaiting check', 'Documents awaiting check', 'bg-amber-100'],
    ['documents missing', 'Documents missing', 'bg-amber-100'],
    ['rejected', 'Document rejected', 'bg-red-100'],
  ] as const)('shows %s as "%s" in the row and the export', (readiness, text, colour) => {
    const row = registration({ readiness });
    render(<>{registrationsInbox.summary(row)}</>);
    expect(screen.getByText(text)).toHaveClass(colour);
    expect(registrationsInbox.csv.find((c) => c.header === 'Readiness')?.value(row)).toBe(text);
  });

  test("the Readiness filter offers the database's four states, on the view's column", () => {
    const filter = registrationsInbox.filters.find((candidate) => candidate.label === 'Readiness');
    expect(filter?.column).toBe('readiness');
    expect(filter?.options?.map((option) => option.value)).toEqual([
      'ready to drive',
      'awaiting check',
      'documents missing',
      'rejected',
    ]);
  });
});

describe('the inboxes filter by the values the site and the database use', () => {
  const values = (options: readonly { value: string }[] | undefined) =>
    options?.map((option) => option.value);
  const filter = (filters: typeof enquiriesInbox.filters, column: string) =>
    filters.find((candidate) => candidate.column === column)?.options;

  test('statuses, sponsor tiers and contact subjects', () => {
    expect(values(registrationsInbox.statuses)).toEqual([...INBOX_STATUSES]);
    expect(values(subscribersInbox.statuses)).toEqual([...SUBSCRIBER_STATUSES]);
    expect(values(filter(enquiriesInbox.filters, 'tier'))).toEqual(
      sponsorTiers.map((tier) => tier.enquiryOption),
    );
    expect(filter(messagesInbox.filters, 'subject')).toEqual(contactSubjects);
  });

  test('a subscriber says where it signed up: the box before opening is not the waiting list', () => {
    expect(filter(subscribersInbox.filters, 'source')).toEqual([
      { value: 'footer', label: 'Newsletter box' },
      { value: 'waitlist', label: 'Interest before opening' },
      { value: 'next-rally', label: 'Next rally' },
    ]);
    const subscriber = (source: string) =>
      ({ id: 'x', email: 'a@example.org', source }) as Parameters<
        typeof subscribersInbox.summary
      >[0];
    render(<>{subscribersInbox.summary(subscriber('next-rally'))}</>);
    // Without a confirmation (an address from before consent was recorded): not mailable.
    expect(screen.getByText('Next rally · Not confirmed')).toBeInTheDocument();
  });
});
