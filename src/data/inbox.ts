// The organiser's inboxes in the admin: each one's list (search, filters, status, newest or
// oldest first, on the generic list core; registrations, enquiries and the waiting list one
// edition at a time, the view's `edition` year read as its edition_id), the dashboard's counts
// of new items (edition_inbox_counts() for one edition, the inbox_counts view for the current:
// registrations, enquiries and messages with status 'new', subscribers of the last 7 days) and a registration's payment exceptions (payments the database did not apply as
// its deposit) with the organiser's resolution, its money (derived from the ledger) and its ledger rows. Kept apart from the entities' public modules,
// whose submit calls the public pages import, so that none of this lands in the public bundle.
import { callFunction, type FunctionsCaller } from './functions';
import type { DbClient } from './client';
import { getCurrentEdition, getEditionByYear } from './editions';
import {
  inboxTable,
  type ListFilter,
  type ListQuery,
  INBOX_STATUSES,
  NEWEST,
  OLDEST,
  SUBSCRIBER_STATUSES,
} from './content-table';
import type { Readiness } from './teamDocuments';
import type { Row } from './types';

export type PaymentException = Row<'payment_exceptions'>;
export type PaymentResolution = NonNullable<PaymentException['resolution']>;

export type InboxName = 'registrations' | 'enquiries' | 'messages' | 'subscribers';

export async function getInboxCounts(db: DbClient): Promise<Partial<Record<InboxName, number>>> {
  const { data } = await db.from('inbox_counts').select('inbox, new_items').throwOnError();
  const counts: Partial<Record<InboxName, number>> = {};
  for (const { inbox, new_items } of data)
    if (inbox !== null) counts[inbox as InboxName] = new_items ?? 0;
  return counts;
}

/** The same counts for one edition: its registrations, enquiries and waiting list. */
export async function getEditionInboxCounts(
  db: DbClient,
  editionId: string,
): Promise<Partial<Record<InboxName, number>>> {
  const { data } = await db
    .rpc('edition_inbox_counts', { target_edition: editionId })
    .throwOnError();
  const counts: Partial<Record<InboxName, number>> = {};
  for (const { inbox, new_items } of data) counts[inbox as InboxName] = new_items;
  return counts;
}

/** The view's `edition` (a year, 'all' for every one, absent for the current) as its edition's id. */
export const EDITION_VIEW = 'edition';
export const EVERY_EDITION = 'all';
/** An id no edition has: the view of a year without an edition is empty, never every year's. */
const NO_EDITION = '00000000-0000-0000-0000-000000000000';

/** The edition a view shows: its id, or null for every edition. */
export async function viewedEditionId(
  db: DbClient,
  year: string | undefined,
): Promise<string | null> {
  if (year === EVERY_EDITION) return null;
  const edition =
    year && /^[0-9]{4}$/.test(year)
      ? await getEditionByYear(db, Number(year))
      : year
        ? null
        : await getCurrentEdition(db);
  return edition?.id ?? NO_EDITION;
}

/** An inbox's view with its chosen edition (the URL's year) as the edition_id filter. */
export async function inEdition(db: DbClient, query: ListQuery): Promise<ListQuery> {
  const { [EDITION_VIEW]: year, ...filters } = query.filters;
  const id = await viewedEditionId(db, year);
  return { ...query, filters: id ? { ...filters, edition_id: id } : filters };
}

/** A registration as the inbox lists it: the row (current values) with its money, derived. */
export type RegistrationListRow = Row<'registrations'> & {
  money_state: MoneyState;
  /** Pence still owed (0 once paid in full). */
  balance_pence: number;
  /** Its documents and their details (issue 25), derived as the team's page derives them. */
  readiness: Readiness;
};

/** The inbox's filter by money state: the view's column. */
export const MONEY_STATE = 'money_state';
/** The inbox's filter by readiness: the view's column. */
export const READINESS = 'readiness';

export const registrationsAdmin = /* @__PURE__ */ inboxTable<'registrations', RegistrationListRow>(
  'registrations',
  (db) => db.from('registrations'),
  {
    search: [
      'team_name',
      'lead_driver_name',
      'lead_driver_email',
      'co_driver_name',
      'registration_plate',
    ],
    filters: [
      'deposit_status',
      'payment_exception',
      'webhook_status',
      MONEY_STATE,
      READINESS,
      'edition_id',
    ],
    statuses: INBOX_STATUSES,
    sorts: { newest: NEWEST, oldest: OLDEST },
    defaultSort: 'newest',
  },
  // The view's columns are typed nullable by the generator; its rows are the registrations'
  // (each non-null as in the table) with the money columns and the readiness, always set.
  (db, { head }) =>
    db
      .from('registrations_with_money')
      .select('*', { count: 'exact', head }) as unknown as ListFilter<RegistrationListRow>,
);

export const sponsorshipEnquiriesAdmin = /* @__PURE__ */ inboxTable<'sponsorship_enquiries'>(
  'sponsorship_enquiries',
  (db) => db.from('sponsorship_enquiries'),
  {
    search: ['company_name', 'email', 'message'],
    filters: ['tier', 'webhook_status', 'edition_id'],
    statuses: INBOX_STATUSES,
    sorts: { newest: NEWEST, oldest: OLDEST },
    defaultSort: 'newest',
  },
);

export const subscribersAdmin = /* @__PURE__ */ inboxTable<'newsletter_subscribers'>(
  'newsletter_subscribers',
  (db) => db.from('newsletter_subscribers'),
  {
    search: ['email'],
    filters: ['source', 'edition_id'],
    sharedWhenNull: ['edition_id'],
    statuses: SUBSCRIBER_STATUSES,
    sorts: { newest: NEWEST, oldest: OLDEST },
    defaultSort: 'newest',
  },
);

export const contactMessagesAdmin = /* @__PURE__ */ inboxTable<'contact_messages'>(
  'contact_messages',
  (db) => db.from('contact_messages'),
  {
    search: ['name', 'email', 'message'],
    filters: ['subject'],
    statuses: INBOX_STATUSES,
    sorts: { newest: NEWEST, oldest: OLDEST },
    defaultSort: 'newest',
  },
);

/** A registration's payment exceptions, oldest first. */
export async function listPaymentExceptions(
  db: DbClient,
  registrationId: string,
): Promise<PaymentException[]> {
  const { data } = await db
    .from('payment_exceptions')
    .select('*')
    .eq('registration_id', registrationId)
    .order('created_at', { ascending: true })
    .throwOnError();
  return data;
}

/** A registration's money state, derived in the database from its edition and the ledger. */
export type MoneyState =
  | 'awaiting deposit'
  | 'deposit paid'
  | 'balance due'
  | 'overdue'
  | 'paid in full'
  | 'cancelled'
  | 'refunded';

/** A registration's statement of money (pence), as registration_money answers it. */
export interface RegistrationMoney {
  price_pence: number;
  supplement_pence: number;
  total_pence: number;
  deposit_pence: number;
  deposit_paid_pence: number;
  paid_pence: number;
  refunded_pence: number;
  refund_due_pence: number | null;
  /** Refunds sent to Stripe and not yet confirmed by its events. */
  refund_pending_pence: number;
  /** What may still be refunded: the refund due less what was refunded or is pending. */
  refund_left_pence: number;
  balance_pence: number;
  balance_due_on: string | null;
  currency: 'gbp';
  state: MoneyState;
}

/** The registration's money (administrators; null for anyone else or no registration). */
export async function getRegistrationMoney(
  db: DbClient,
  registrationId: string,
): Promise<RegistrationMoney | null> {
  const { data } = await db
    .rpc('registration_money', { registration: registrationId })
    .throwOnError();
  return (data as RegistrationMoney | null) ?? null;
}

/** A registration's emails (the email log), newest first. */
export async function listRegistrationEmails(
  db: DbClient,
  registrationId: string,
): Promise<Row<'email_log'>[]> {
  const { data } = await db
    .from('email_log')
    .select('*')
    .eq('registration_id', registrationId)
    .order('queued_at', { ascending: false })
    .throwOnError();
  return data;
}

/** The refund due, paid back outside Stripe, recorded in the ledger with the organiser's note. */
export async function markRefundedByHand(
  db: DbClient,
  registrationId: string,
  note: string,
): Promise<RegistrationMoney> {
  const { data } = await db
    .rpc('mark_refunded_by_hand', { registration: registrationId, note })
    .throwOnError();
  return data as unknown as RegistrationMoney;
}

/**
 * Asks the participant-emails function to send the emails of one kind the database has queued,
 * at once. Answers 'sent', or 'queued' when the function could not send them now (the daily run
 * sends them then).
 */
export async function sendQueuedNow(
  functions: FunctionsCaller,
  kind: 'reminder_manual' | 'document_rejected',
): Promise<'sent' | 'queued'> {
  try {
    const answer = await callFunction<{ sent: number }>(
      functions,
      'participant-emails',
      { only: kind },
      { unreachable: 'The emails could not be sent now.' },
    );
    return answer.sent > 0 ? 'sent' : 'queued';
  } catch (error) {
    console.warn('The email stays queued for the daily emails', error);
    return 'queued';
  }
}

/**
 * "Send reminder now": queues a balance reminder for a team that owes (send_reminder_now), then
 * asks the participant-emails function to send the waiting manual reminders at once. Answers
 * 'sent', or 'queued' when the function could not send it now (the daily run sends it then).
 */
export async function sendReminderNow(
  db: DbClient,
  functions: FunctionsCaller,
  registrationId: string,
): Promise<'sent' | 'queued'> {
  await db.rpc('send_reminder_now', { registration: registrationId }).throwOnError();
  return sendQueuedNow(functions, 'reminder_manual');
}

/** A refund row the refund function sent to Stripe (pending until Stripe's event confirms it). */
export interface RefundSent {
  id: string;
  amount_pence: number;
  currency: string;
  payment_intent_id: string;
  refund_id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * "Refund £X": the refund function pays the refund left back through Stripe (the database decides
 * the amount; a second call while it is pending sends the same refunds, so Stripe refunds once).
 */
export async function refundThroughStripe(
  functions: FunctionsCaller,
  registrationId: string,
): Promise<{ outcome: 'started' | 'pending'; rows: RefundSent[] }> {
  return callFunction(
    functions,
    'refund',
    { registration: registrationId },
    { unreachable: 'The refund could not be sent. Please try again.', timeout: 60_000 },
  );
}

/** A registration's ledger rows (deposits, balances, refunds), oldest first. */
export async function listRegistrationPayments(
  db: DbClient,
  registrationId: string,
): Promise<Row<'registration_payments'>[]> {
  const { data } = await db
    .from('registration_payments')
    .select('*')
    .eq('registration_id', registrationId)
    .order('recorded_at', { ascending: true })
    .throwOnError();
  return data;
}

/** Records what the organiser did about an exception (refunded, waiting list …) and why. */
export async function resolvePaymentException(
  db: DbClient,
  id: string,
  change: { resolution: PaymentResolution | null; note: string },
): Promise<void> {
  await db.from('payment_exceptions').update(change).eq('id', id).throwOnError();
}

/** A consent an address gave (public.consent_records), as the administrator reads it. */
export type ConsentRecord = Row<'consent_records'>;

/** Every consent the address gave, newest first: the newsletter's and the waiting list's. */
export async function listConsentRecords(db: DbClient, email: string): Promise<ConsentRecord[]> {
  const { data } = await db
    .from('consent_records')
    .select('*')
    .eq('email', email.toLowerCase())
    .order('given_at', { ascending: false })
    .throwOnError();
  return data;
}
