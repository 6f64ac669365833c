// Sends the participants' emails waiting in the email log (_shared/participant-emails.ts).
//
// POST {} with the service role (the daily cron job 'participant-emails', whose body says how many
//   reminders it queued: { reminders_queued }) → queues the day's balance and documents reminders
//   again (due_balance_reminders, due_document_reminders: each kind once per registration, so
//   twice is harmless), then sends
//   everything waiting → { reminders_queued, sent, failed, skipped }.
// POST { only: 'team_link' } from anyone (the browser, right after request_team_link) → sends the
//   team links waiting, nothing else → { ok: true }, whatever was sent. { only: 'cancellation' }
//   likewise sends the cancellations' emails to the teams and the organiser that
//   cancel_registration (which takes the team's secret) queued, and the offer of the freed place
//   it made to the waiting list. { only: 'waiting_list' } sends the waiting list's emails waiting
//   (after join_waiting_list or decline_waiting_list_offer). { only: 'newsletter' } sends the
//   newsletter's confirmations waiting (after subscribe_newsletter).
// POST { waiting_list: true } with the service role (the 'waiting-list' cron job every 5 minutes,
//   after handing out the free places) → sends the waiting list's emails only.
// POST { only?: <kind> } from an administrator (after "Send reminder now", or 'document_rejected'
//   after rejecting a document) → sends what is waiting, of that kind or all, without queuing
//   reminders.
//
// Why the browser may call it: it sends only what the database queued, to the addresses the
// database chose, each once; request_team_link, which queues the links, is the rate-limited door
// and answers the same whether or not the address is registered, and so does this ({ ok: true },
// no counts: a count would tell whether the address just typed had a registration). The alternative, request_team_link calling this function
// through pg_net, would need the Vault's secrets for a visitor's request and wait for pg_net's
// worker (locally, the scheduler's next pass); a team link is wanted now.
import { callRpc } from '../_shared/database.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import {
  type LoggedKind,
  sendQueuedEmails,
  WAITING_LIST_KINDS,
} from '../_shared/participant-emails.ts';

const KINDS: LoggedKind[] = [
  'confirmation',
  'deposit_receipt',
  'balance_receipt',
  'balance_reminder_14',
  'balance_reminder_3',
  'balance_overdue',
  'cancelled_team',
  'cancelled_organiser',
  'team_link',
  'reminder_manual',
  'waiting_list_joined',
  'waiting_list_offer',
  'refund_sent',
  'documents_reminder_60',
  'documents_reminder_30',
  'documents_reminder_14',
  'document_rejected',
  'newsletter_confirmation',
];

/** What a visitor's own action queued, and so what a visitor may ask to be sent now. */
const VISITOR_SENDS: Partial<Record<string, LoggedKind[]>> = {
  team_link: ['team_link'],
  // A cancellation hands the place to the waiting list at once: the offer it queued goes too.
  cancellation: ['cancelled_team', 'cancelled_organiser', 'waiting_list_offer'],
  // After joining (the acknowledgement) or declining an offer (the next person's offer).
  waiting_list: WAITING_LIST_KINDS,
  // After subscribe_newsletter: the confirmation it queued (rate-limited there, per address).
  newsletter: ['newsletter_confirmation'],
};

function onlyKind(body: Record<string, unknown>): LoggedKind | null {
  if (body.only === undefined || body.only === null) return null;
  if (body.only === 'cancellation' || body.only === 'waiting_list' || body.only === 'newsletter')
    return null;
  const kind = KINDS.find((known) => known === body.only);
  if (!kind) throw new Refusal(400, `only must be one of ${KINDS.join(', ')}`, 'only');
  return kind;
}

serve(
  { name: 'participant-emails', failure: 'The emails could not be sent. Please try again.' },
  async ({ body, caller }) => {
    const only = onlyKind(body);
    const who = await caller();
    if (who === 'service' && body.waiting_list === true)
      return json(200, await sendQueuedEmails(WAITING_LIST_KINDS));
    if (who === 'service') {
      const queued =
        (await callRpc<number>('due_balance_reminders', {})) +
        (await callRpc<number>('due_document_reminders', {}));
      const counts = await sendQueuedEmails(only ? [only] : null);
      return json(200, { reminders_queued: queued, ...counts });
    }
    if (who === 'admin') return json(200, await sendQueuedEmails(only ? [only] : null));
    const visitorKinds = VISITOR_SENDS[String(body.only)];
    if (!visitorKinds)
      throw new Refusal(
        403,
        'Only team links, cancellations, the waiting list and newsletter confirmations may be sent from here.',
        'only',
      );
    await sendQueuedEmails(visitorKinds);
    return json(200, { ok: true });
  },
);
