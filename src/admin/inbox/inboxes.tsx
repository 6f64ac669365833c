// The organiser's four inboxes, described for InboxScreen: what each row shows, its details, its
// statuses and filters (a registration's money and readiness among them), and the columns of its
// CSV export. The statuses, sponsor tiers and contact subjects are imported from where they are
// defined (the data core, config/rally, config/forms), never written again here.
import { contactSubjects } from '../../config/forms';
import { sponsorTiers } from '../../config/rally';
import { INBOX_STATUSES, SUBSCRIBER_STATUSES } from '../../data/content-table';
import { requestDelivery, type DeliveryKind } from '../../data/delivery';
import {
  contactMessagesAdmin,
  MONEY_STATE,
  READINESS,
  registrationsAdmin,
  type RegistrationListRow,
  sponsorshipEnquiriesAdmin,
  subscribersAdmin,
} from '../../data/inbox';
import type { SubscriberSource } from '../../data/newsletter';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { consentStatus, SubscriberConsent } from './SubscriberConsent';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { supabase } from '../supabase';
import { Badge } from './Badge';
import { RunButton, type InboxDescription } from './InboxScreen';
import { MONEY_STATES, moneyStateLabel, moneyStateTone, refundOwed } from './money';
import { EXCEPTION_REASONS, exceptionReason, PaymentExceptions } from './PaymentExceptions';
import { readinessLabel, READINESS_STATES, readinessTone } from './readiness';
import { RegistrationDocuments } from './RegistrationDocuments';
import { RegistrationMoney } from './RegistrationMoney';

/** A status value as the inbox shows it: 'new' → 'New'. */
const statusOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
const ITEM_STATUSES = statusOptions(INBOX_STATUSES);

const NEWEST_FIRST = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

const DEPOSIT_LABELS: Record<string, string> = {
  pending: 'Deposit pending',
  paid: 'Deposit paid',
  failed: 'Deposit failed',
};
const WEBHOOK_LABELS: Record<string, string> = {
  pending: 'Webhook not sent yet',
  delivered: 'Webhook delivered',
  failed: 'Webhook failed',
};

const toneOf = (value: string, good: string) =>
  value === good ? 'good' : value === 'failed' ? 'bad' : 'waiting';

function WebhookBadge({ status }: { status: string }) {
  return <Badge tone={toneOf(status, 'delivered')}>{WEBHOOK_LABELS[status] ?? status}</Badge>;
}

/** Sends a failed (or never sent) webhook copy again, as the signed-in administrator. */
function RetryDelivery({
  kind,
  row,
  reload,
}: {
  kind: DeliveryKind;
  row: { id: string; webhook_status: string };
  reload: () => void;
}) {
  if (row.webhook_status === 'delivered') return null;
  return (
    <RunButton
      tone="neutral"
      pendingLabel="Sending..."
      run={async () => {
        await requestDelivery(kind, row.id, { caller: supabase, retry: true });
        reload();
      }}
    >
      Retry webhook
    </RunButton>
  );
}

/** '1 attempt', '2 attempts' */
const attempts = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

/** A registration as the inbox lists it: its row's current values and its money, derived. */
type Registration = RegistrationListRow;

/** The money state as the list and the export say it ('Cancelled, refund due £1,850.00'). */
const moneyOf = (row: Registration) => moneyStateLabel(row.money_state, refundOwed(row));

export const registrationsInbox: InboxDescription<'registrations', Registration> = {
  title: 'Registrations',
  plural: 'registrations',
  calls: registrationsAdmin,
  byEdition: true,
  searchLabel: 'Search registrations',
  statuses: ITEM_STATUSES,
  filters: [
    {
      column: MONEY_STATE,
      label: 'Money',
      all: 'Any money state',
      options: MONEY_STATES.map(({ value, label }) => ({ value, label })),
    },
    {
      column: READINESS,
      label: 'Readiness',
      all: 'Any readiness',
      options: READINESS_STATES.map(({ value, label }) => ({ value, label })),
    },
    {
      column: 'deposit_status',
      label: 'Deposit',
      all: 'Any deposit',
      options: Object.entries(DEPOSIT_LABELS).map(([value, label]) => ({ value, label })),
    },
    {
      column: 'payment_exception',
      label: 'Payment exception',
      all: 'Any payment',
      options: Object.entries(EXCEPTION_REASONS).map(([value, label]) => ({ value, label })),
    },
    {
      column: 'webhook_status',
      label: 'Webhook',
      all: 'Any webhook',
      options: Object.entries(WEBHOOK_LABELS).map(([value, label]) => ({ value, label })),
    },
  ],
  sorts: NEWEST_FIRST,
  emptyText: 'No registrations yet.',
  fileName: 'registrations',
  name: (row) => row.team_name || `${row.lead_driver_name}'s team`,
  summary: (row: Registration) => (
    <div className="flex flex-wrap items-center gap-2">
      <span>
        {row.lead_driver_name}
        {row.co_driver_name ? ` and ${row.co_driver_name}` : ''} ·{' '}
        {[row.vehicle_make, row.vehicle_colour].filter(Boolean).join(', ') || 'vehicle not given'}
        {row.separate_rooms ? ' · separate rooms' : ''}
      </span>
      {/* The money state says whether the deposit was paid; a failed one is said apart. */}
      <Badge tone={moneyStateTone(row.money_state, refundOwed(row))}>{moneyOf(row)}</Badge>
      <Badge tone={readinessTone(row.readiness)}>{readinessLabel(row.readiness)}</Badge>
      {row.deposit_status === 'failed' ? <Badge tone="bad">{DEPOSIT_LABELS.failed}</Badge> : null}
      {row.payment_exception ? <Badge tone="bad">Payment exception</Badge> : null}
      <WebhookBadge status={row.webhook_status} />
    </div>
  ),
  details: (row) => [
    ['Reference', row.id],
    ['Team', row.team_name],
    ['Lead driver', `${row.lead_driver_name}, ${row.lead_driver_email}, ${row.lead_driver_phone}`],
    [
      'Co-driver',
      [row.co_driver_name, row.co_driver_email, row.co_driver_phone].filter(Boolean).join(', '),
    ],
    ['Vehicle', [row.vehicle_make, row.vehicle_colour].filter(Boolean).join(', ')],
    ['Registration plate', row.registration_plate],
    ['Rooms', row.separate_rooms ? 'Separate rooms' : 'Shared room'],
    ['Terms accepted', formatDateTime(row.terms_accepted_at)],
    [
      'Deposit',
      row.deposit_status === 'paid'
        ? `Paid ${formatMoney(row.deposit_amount, { currency: row.deposit_currency, payment: true })} on ${formatDateTime(row.deposit_paid_at)} (${row.payment_id ?? ''})`
        : (DEPOSIT_LABELS[row.deposit_status] ?? row.deposit_status),
    ],
    [
      'Webhook',
      `${WEBHOOK_LABELS[row.webhook_status] ?? row.webhook_status} (${attempts(row.webhook_attempts)})${
        row.webhook_error ? `: ${row.webhook_error}` : ''
      }`,
    ],
  ],
  actions: (row, reload) => <RetryDelivery kind="registration" row={row} reload={reload} />,
  related: (row, db, reload) => (
    <>
      <RegistrationMoney registrationId={row.id} db={db} onChanged={reload} />
      <RegistrationDocuments registration={row} db={db} onChanged={reload} />
      <PaymentExceptions registrationId={row.id} db={db} />
    </>
  ),
  csv: [
    { header: 'Reference', value: (row) => row.id },
    { header: 'Received', value: (row) => row.created_at },
    { header: 'Status', value: (row) => row.status },
    { header: 'Team', value: (row) => row.team_name },
    { header: 'Lead driver', value: (row) => row.lead_driver_name },
    { header: 'Lead driver email', value: (row) => row.lead_driver_email },
    { header: 'Lead driver phone', value: (row) => row.lead_driver_phone },
    { header: 'Co-driver', value: (row) => row.co_driver_name },
    { header: 'Co-driver email', value: (row) => row.co_driver_email },
    { header: 'Co-driver phone', value: (row) => row.co_driver_phone },
    { header: 'Vehicle make', value: (row) => row.vehicle_make },
    { header: 'Vehicle colour', value: (row) => row.vehicle_colour },
    { header: 'Registration plate', value: (row) => row.registration_plate },
    { header: 'Separate rooms', value: (row) => (row.separate_rooms ? 'yes' : 'no') },
    { header: 'Money', value: moneyOf },
    { header: 'Balance', value: (row) => formatMoney(row.balance_pence, { payment: true }) },
    { header: 'Readiness', value: (row) => readinessLabel(row.readiness) },
    { header: 'Deposit', value: (row) => row.deposit_status },
    {
      header: 'Deposit amount',
      value: (row) =>
        formatMoney(row.deposit_amount, { currency: row.deposit_currency, payment: true }),
    },
    { header: 'Deposit paid at', value: (row) => row.deposit_paid_at },
    { header: 'Payment id', value: (row) => row.payment_id },
    {
      header: 'Payment exception',
      value: (row) => (row.payment_exception ? exceptionReason(row.payment_exception) : ''),
    },
    { header: 'Webhook', value: (row) => row.webhook_status },
    { header: 'Note', value: (row) => row.note },
  ],
};

export const enquiriesInbox: InboxDescription<'sponsorship_enquiries'> = {
  title: 'Sponsorship Enquiries',
  plural: 'enquiries',
  calls: sponsorshipEnquiriesAdmin,
  byEdition: true,
  searchLabel: 'Search enquiries',
  statuses: ITEM_STATUSES,
  filters: [
    {
      column: 'tier',
      label: 'Tier',
      all: 'Any tier',
      options: sponsorTiers.map(({ enquiryOption }) => ({
        value: enquiryOption,
        label: enquiryOption,
      })),
    },
    {
      column: 'webhook_status',
      label: 'Webhook',
      all: 'Any webhook',
      options: Object.entries(WEBHOOK_LABELS).map(([value, label]) => ({ value, label })),
    },
  ],
  sorts: NEWEST_FIRST,
  emptyText: 'No sponsorship enquiries yet.',
  fileName: 'sponsorship-enquiries',
  name: (row) => row.company_name,
  summary: (row) => (
    <div className="flex flex-wrap items-center gap-2">
      <span>
        {row.tier} · {row.email}
      </span>
      <WebhookBadge status={row.webhook_status} />
    </div>
  ),
  details: (row) => [
    ['Company', row.company_name],
    ['Email', row.email],
    ['Phone', row.phone],
    ['Tier', row.tier],
    ['Message', row.message],
    [
      'Webhook',
      `${WEBHOOK_LABELS[row.webhook_status] ?? row.webhook_status}${
        row.webhook_error ? `: ${row.webhook_error}` : ''
      }`,
    ],
  ],
  actions: (row, reload) => <RetryDelivery kind="sponsorship" row={row} reload={reload} />,
  csv: [
    { header: 'Received', value: (row) => row.created_at },
    { header: 'Status', value: (row) => row.status },
    { header: 'Company', value: (row) => row.company_name },
    { header: 'Email', value: (row) => row.email },
    { header: 'Phone', value: (row) => row.phone },
    { header: 'Tier', value: (row) => row.tier },
    { header: 'Message', value: (row) => row.message },
    { header: 'Webhook', value: (row) => row.webhook_status },
    { header: 'Note', value: (row) => row.note },
  ],
};

export const messagesInbox: InboxDescription<'contact_messages'> = {
  title: 'Messages',
  plural: 'messages',
  calls: contactMessagesAdmin,
  searchLabel: 'Search messages',
  statuses: ITEM_STATUSES,
  filters: [
    {
      column: 'subject',
      label: 'Subject',
      all: 'Any subject',
      options: contactSubjects,
    },
  ],
  sorts: NEWEST_FIRST,
  emptyText: 'No messages yet.',
  fileName: 'messages',
  name: (row) => `the message from ${row.name}`,
  summary: (row) => (
    <span>
      {row.subject} · {row.email}
    </span>
  ),
  details: (row) => [
    ['From', `${row.name}, ${row.email}${row.phone ? `, ${row.phone}` : ''}`],
    ['Subject', row.subject],
    ['Message', row.message],
  ],
  csv: [
    { header: 'Received', value: (row) => row.created_at },
    { header: 'Status', value: (row) => row.status },
    { header: 'Name', value: (row) => row.name },
    { header: 'Email', value: (row) => row.email },
    { header: 'Phone', value: (row) => row.phone },
    { header: 'Subject', value: (row) => row.subject },
    { header: 'Message', value: (row) => row.message },
    { header: 'Note', value: (row) => row.note },
  ],
};

/** Where a subscriber signed up, in the organiser's words. 'waitlist' is the box shown before
 * registration opens; a full edition's waiting list is public.waiting_list_entries, its own screen. */
const SUBSCRIBER_SOURCES: Record<SubscriberSource, string> = {
  footer: 'Newsletter box',
  waitlist: 'Interest before opening',
  'next-rally': 'Next rally',
};
const subscriberSource = (source: string): string =>
  SUBSCRIBER_SOURCES[source as SubscriberSource] ?? source;

export const subscribersInbox: InboxDescription<'newsletter_subscribers'> = {
  title: 'Subscribers',
  plural: 'subscribers',
  calls: subscribersAdmin,
  byEdition: true,
  searchLabel: 'Search subscribers',
  statuses: statusOptions(SUBSCRIBER_STATUSES),
  filters: [
    {
      column: 'source',
      label: 'Signed up from',
      all: 'Anywhere',
      options: Object.entries(SUBSCRIBER_SOURCES).map(([value, label]) => ({ value, label })),
    },
  ],
  sorts: NEWEST_FIRST,
  emptyText: 'No subscribers yet.',
  fileName: 'subscribers',
  name: (row) => row.email,
  summary: (row) => `${subscriberSource(row.source)} · ${consentStatus(row)}`,
  details: (row) => [
    ['Email', row.email],
    ['Signed up from', subscriberSource(row.source)],
    ['Consent', consentStatus(row)],
  ],
  related: (row, db) => <SubscriberConsent email={row.email} db={db} />,
  csv: [
    { header: 'Email', value: (row) => row.email },
    { header: 'Signed up', value: (row) => row.created_at },
    { header: 'Source', value: (row) => row.source },
    { header: 'Status', value: (row) => row.status },
    { header: 'Consent', value: (row) => consentStatus(row) },
    { header: 'Note', value: (row) => row.note },
  ],
};
