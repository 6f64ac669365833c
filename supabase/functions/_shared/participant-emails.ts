// Sends the participants' emails the database queued in public.email_log (balance receipts,
// reminders, overdue notices, cancellations, team links, refunds, the waiting list's): each one is claimed once
// (claim_registration_email, which also skips a reminder no longer owed and makes a fresh secret
// for the team page's link, or on the co-driver's copy (supabase/schemas/registrations.sql) for the
// co-driver's own link: a copy greets the co-driver and never carries the lead's link), rendered with its template, sent, and its outcome recorded
// (finish_registration_email). The participant-emails function sends the queue; stripe-webhook
// sends a payment's receipt through the same code as soon as it is recorded.
import { callRpc } from './database.ts';
import { composeEmail, editionOf, sendEmail, type Email } from './email.ts';
import type { Payment, TeamPage } from './emails/index.tsx';

/** The email log's kinds (public.email_log.kind, supabase/schemas/mail.sql). */
export type LoggedKind =
  | 'confirmation'
  | 'deposit_receipt'
  | 'balance_receipt'
  | 'balance_reminder_14'
  | 'balance_reminder_3'
  | 'balance_overdue'
  | 'cancelled_team'
  | 'cancelled_organiser'
  | 'team_link'
  | 'reminder_manual'
  | 'refund_sent'
  | 'waiting_list_joined'
  | 'waiting_list_offer'
  | 'documents_reminder_60'
  | 'documents_reminder_30'
  | 'documents_reminder_14'
  | 'document_rejected'
  | 'newsletter_confirmation';

/** The waiting list's kinds (supabase/schemas/waiting_list.sql): about an entry, not a registration. */
export const WAITING_LIST_KINDS: LoggedKind[] = ['waiting_list_joined', 'waiting_list_offer'];

type Row = Record<string, unknown>;

/** What claim_registration_email answers. */
type Claimed = {
  email: {
    id: string;
    kind: LoggedKind;
    recipient: string;
    queued_at: string;
    co_driver_copy?: boolean;
  };
  registration: Row;
  edition: Row;
  money: Row;
  quote: Row | null;
  /** The team's readiness (private.registration_readiness): what is missing, by label. */
  documents: { missing?: unknown } | null;
  /** The rejected file, for 'document_rejected'. */
  document: { label: string; file_name: string; reason: string | null } | null;
  team_link_secret: string | null;
  co_driver_link_secret?: string | null;
};

/** What claim_registration_email answers for a newsletter confirmation (supabase/schemas/newsletter.sql). */
type ClaimedConfirmation = {
  email: Claimed['email'];
  confirm_secret: string;
  expires_at: string;
};

/** What claim_registration_email answers for a waiting-list email. */
type ClaimedEntry = {
  email: Claimed['email'];
  entry: { name: string | null; position: number | null; offer_expires_at: string | null };
  edition: Row;
  offer_secret: string | null;
};

const SITE = () => (Deno.env.get('SITE_URL') ?? 'http://localhost:5173').replace(/\/+$/, '');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const pence = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;

/** The day after which a secret stops working: the edition's end date + 30 days (the database's rule). */
function linkExpiry(endDate: string): string {
  const day = new Date(`${endDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 30);
  return day.toISOString().slice(0, 10);
}

/** The team page's link for a fresh secret: https://<site>/my-registration/<secret>. */
export function teamPageOf(secret: string, endDate: string): TeamPage {
  return { link: `${SITE()}/my-registration/${secret}`, expiresOn: linkExpiry(endDate) };
}

/** The co-driver's own link for a fresh secret: https://<site>/my-registration/co-driver/<secret>. */
export function coDriverPageOf(secret: string, endDate: string): TeamPage {
  return {
    link: `${SITE()}/my-registration/co-driver/${secret}`,
    expiresOn: linkExpiry(endDate),
    forCoDriver: true,
  };
}

/** A fresh secret link to the registration's page (issue_team_link), for an email sent outside the log. */
export async function issueTeamPage(registration: string, endDate: string): Promise<TeamPage> {
  const secret = await callRpc<string | null>('issue_team_link', { registration });
  if (!secret) throw new Error(`No team link for registration ${registration}`);
  return teamPageOf(secret, endDate);
}

/** Days from one calendar date to another ('YYYY-MM-DD'). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The database's day (private.today(), which a test or the emulator may pin), from the
 * cancellation quote it sent: the edition's start date less the days before it.
 */
function databaseToday(claimed: Claimed, startDate: string): string {
  const before = claimed.quote?.days_before;
  const day = new Date(`${startDate}T00:00:00Z`);
  if (typeof before === 'number') day.setUTCDate(day.getUTCDate() - before);
  else return new Date().toISOString().slice(0, 10);
  return day.toISOString().slice(0, 10);
}

/** A waiting-list email, rendered: the place in the queue, or the offer's link and expiry. */
function renderWaitingList(claimed: ClaimedEntry): Promise<Email> {
  const { email, entry } = claimed;
  const edition = editionOf({ id: email.id, edition: claimed.edition });
  if (email.kind === 'waiting_list_joined')
    return composeEmail('waitingListJoined', email.recipient, {
      edition,
      name: entry.name,
      position: entry.position ?? 1,
    });
  if (!claimed.offer_secret || !entry.offer_expires_at)
    throw new Error(`No offer link was made for email ${email.id}`);
  return composeEmail('waitingListOffer', email.recipient, {
    edition,
    name: entry.name,
    offerLink: `${SITE()}/sign-up/offer/${claimed.offer_secret}`,
    expiresAt: entry.offer_expires_at,
  });
}

/** The email a claimed row is, rendered; `payment` is the webhook's own record of a receipt's payment. */
function render(
  claimed: Claimed | ClaimedEntry | ClaimedConfirmation,
  payment?: Payment,
): Promise<Email> {
  if ('entry' in claimed) return renderWaitingList(claimed);
  if ('confirm_secret' in claimed)
    return composeEmail('newsletterConfirmation', claimed.email.recipient, {
      confirmLink: `${SITE()}/newsletter/confirm/${claimed.confirm_secret}`,
      expiresAt: claimed.expires_at,
    });
  const { email, registration: team, money } = claimed;
  const edition = editionOf({ id: team.id, edition: claimed.edition });
  const to = email.recipient;
  const copy = email.co_driver_copy === true;
  const about = {
    edition,
    reference: text(team.id),
    // The name the email greets: the co-driver's on their copy.
    leadDriverName: copy ? text(team.co_driver_name) || 'co-driver' : text(team.lead_driver_name),
    teamName: text(team.team_name),
  };
  // A copy carries the co-driver's own link only: never the lead's page.
  const teamPage = copy
    ? claimed.co_driver_link_secret
      ? coDriverPageOf(claimed.co_driver_link_secret, edition.endDate)
      : undefined
    : claimed.team_link_secret
      ? teamPageOf(claimed.team_link_secret, edition.endDate)
      : undefined;
  const needPage = (): TeamPage => {
    if (!teamPage) throw new Error(`No team link was made for email ${email.id}`);
    return teamPage;
  };
  const balance = pence(money.balance_pence);
  const dueDate = text(money.balance_due_on);
  switch (email.kind) {
    case 'confirmation':
      return composeEmail('registrationConfirmation', to, {
        edition,
        reference: about.reference,
        holdsPlace: true,
        teamPage,
        toCoDriver: copy,
      });
    case 'deposit_receipt':
      return composeEmail('depositReceipt', to, {
        ...about,
        teamPage,
        payment: payment ?? {
          amount: pence(team.deposit_amount) || pence(money.deposit_paid_pence),
          currency: text(team.deposit_currency) || 'gbp',
          paidAt: text(team.deposit_paid_at) || email.queued_at,
          paymentId: text(team.payment_id),
        },
      });
    case 'balance_receipt':
      return composeEmail('balanceReceipt', to, {
        ...about,
        teamPage,
        // Without the webhook's record (a retry), the balance paid is what the ledger holds
        // beyond the deposit; the receipt was queued with its payment.
        payment: payment ?? {
          amount: pence(money.paid_pence) - pence(money.deposit_paid_pence),
          currency: 'gbp',
          paidAt: email.queued_at,
          paymentId: '',
        },
      });
    case 'balance_reminder_14':
    case 'balance_reminder_3':
    case 'reminder_manual':
      // The admin's "Send reminder now" after the due date is the overdue notice.
      if (money.state !== 'overdue')
        return composeEmail('balanceReminder', to, {
          ...about,
          balance,
          dueDate,
          teamPage: needPage(),
          daysLeft: Math.max(daysBetween(databaseToday(claimed, edition.startDate), dueDate), 0),
        });
    // falls through
    case 'balance_overdue':
      return composeEmail('overdueNotice', to, {
        ...about,
        balance,
        dueDate,
        teamPage: needPage(),
      });
    case 'team_link':
      return composeEmail('teamLink', to, { edition, teamPage: needPage() });
    case 'cancelled_team':
    case 'cancelled_organiser': {
      const cancellation = {
        ...about,
        cancelledAt: text(team.cancelled_at),
        refundDue: pence(team.refund_due_pence),
      };
      if (email.kind === 'cancelled_team')
        return composeEmail('cancellationToTeam', to, cancellation);
      return composeEmail('cancellationToOrganiser', to, {
        ...cancellation,
        leadDriverEmail: text(team.lead_driver_email),
        paid: pence(money.paid_pence) - pence(money.refunded_pence),
        adminLink: `${SITE()}/admin/registrations`,
      });
    }
    case 'refund_sent':
      return composeEmail('refundSent', to, { ...about, refunded: pence(money.refunded_pence) });
    case 'documents_reminder_60':
    case 'documents_reminder_30':
    case 'documents_reminder_14': {
      const missing = claimed.documents?.missing;
      return composeEmail('documentsReminder', to, {
        ...about,
        teamPage: needPage(),
        missing: Array.isArray(missing) ? missing.map(text).filter(Boolean) : [],
        daysLeft: Math.max(
          daysBetween(databaseToday(claimed, edition.startDate), edition.startDate),
          0,
        ),
      });
    }
    case 'document_rejected': {
      if (!claimed.document) throw new Error(`Email ${email.id} came without its document`);
      return composeEmail('documentRejected', to, {
        ...about,
        teamPage: needPage(),
        document: claimed.document.label,
        fileName: claimed.document.file_name,
        reason: claimed.document.reason ?? '',
      });
    }
    case 'waiting_list_joined':
    case 'waiting_list_offer':
      throw new Error(`Email ${email.id} came without its waiting-list entry`);
    case 'newsletter_confirmation':
      throw new Error(`Email ${email.id} came without its confirmation link`);
  }
}

/**
 * Sends one queued email, once: 'sent', 'failed' (recorded for a later attempt) or 'skipped'
 * (already taken, sent, or no longer owed).
 */
export async function sendLoggedEmail(
  id: string,
  payment?: Payment,
): Promise<'sent' | 'failed' | 'skipped'> {
  const claimed = await callRpc<Claimed | ClaimedEntry | ClaimedConfirmation | null>(
    'claim_registration_email',
    {
      email_id: id,
    },
  );
  if (!claimed) return 'skipped';
  try {
    await sendEmail(await render(claimed, payment));
  } catch (failure) {
    console.error(`Could not send email ${id} (${claimed.email.kind})`, failure);
    await callRpc('finish_registration_email', {
      email_id: id,
      sent: false,
      error: String(failure).slice(0, 500),
    });
    return 'failed';
  }
  await callRpc('finish_registration_email', { email_id: id, sent: true });
  return 'sent';
}

/**
 * The co-driver's copy of an email sent outside the log (the confirmation, the deposit receipt),
 * queued once (queue_co_driver_copy) and sent now; without a co-driver address nothing is queued.
 * A failure leaves it queued for the daily job and never fails the caller's own email.
 */
export async function sendCoDriverCopy(
  registration: string,
  kind: 'confirmation' | 'deposit_receipt',
): Promise<void> {
  try {
    const id = await callRpc<string | null>('queue_co_driver_copy', { registration, kind });
    if (id) await sendLoggedEmail(id);
  } catch (failure) {
    console.error(`Could not send the co-driver's copy (${kind})`, failure);
  }
}

/** Sends every email waiting in the log (of the given kinds, or all); answers the counts. */
export async function sendQueuedEmails(
  kinds: LoggedKind[] | null = null,
): Promise<Record<'sent' | 'failed' | 'skipped', number>> {
  const ids = await callRpc<string[]>('emails_to_send', { kinds });
  const counts = { sent: 0, failed: 0, skipped: 0 };
  // One after another: the email API's rate limit, and each claim is its own transaction.
  for (const id of ids) counts[await sendLoggedEmail(id)] += 1;
  return counts;
}
