// A registration's money in its inbox detail (issue 23): the state the database derives from the
// ledger, the statement (price, supplement, paid, balance and its due date, refund due), the
// ledger's rows with Stripe's ids, and the emails the team was sent (the email log). The organiser
// may send a balance reminder now while something is owed (queued in the email log and sent at
// once by the participant-emails function; if that fails, the daily run sends it). On a cancelled
// registration with a refund left, "Refund £X" pays it back through Stripe (issue 24: the refund
// function; X is the database's refund_left_pence, never worked out here), and the statement says
// while Stripe has yet to confirm it; a refund paid outside Stripe is marked by hand, with a note.
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { FormMessage, TextAreaField } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import { FunctionError, type FunctionsCaller } from '../../data/functions';
import {
  getRegistrationMoney,
  listRegistrationEmails,
  listRegistrationPayments,
  markRefundedByHand,
  refundThroughStripe,
  sendReminderNow,
  type RegistrationMoney as Money,
} from '../../data/inbox';
import type { Row } from '../../data/types';
import { formatDateTime, formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import { isTooLong, shortenMessage } from '../../lib/validation';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass, PendingButton } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';
import { Badge } from './Badge';
import { RunButton } from './InboxScreen';
import { supabase } from '../supabase';
import { moneyStateLabel, moneyStateTone, owesBalance, refundOwed } from './money';

type Payment = Row<'registration_payments'>;
type Email = Row<'email_log'>;
type Loaded = { money: Money | null; payments: Payment[]; emails: Email[] };

const NOTHING: Loaded = { money: null, payments: [], emails: [] };

/** The note's limit: mark_refunded_by_hand refuses more than 4,000 characters. */
const NOTE_LIMIT = 4000;

const pounds = (pence: number | null) => formatMoney(pence, { payment: true });

const KINDS: Record<string, string> = { deposit: 'Deposit', balance: 'Balance', refund: 'Refund' };

const EMAIL_KINDS: Record<string, string> = {
  confirmation: 'Confirmation',
  deposit_receipt: 'Deposit receipt',
  balance_receipt: 'Balance receipt',
  balance_reminder_14: 'Balance reminder (14 days)',
  balance_reminder_3: 'Balance reminder (3 days)',
  balance_overdue: 'Overdue notice',
  cancelled_team: 'Cancellation (team)',
  cancelled_organiser: 'Cancellation (organiser)',
  team_link: 'Team page link',
  reminder_manual: 'Balance reminder (sent by hand)',
  refund_sent: 'Refund sent',
};

/** The statement's lines, label and value, as the organiser reads them. */
export function statementLines(money: Money): readonly (readonly [string, string])[] {
  const owed = refundOwed({
    refund_due_pence: money.refund_due_pence,
    refunded_pence: money.refunded_pence,
  });
  return [
    ['Price', pounds(money.price_pence)],
    ['Separate rooms supplement', money.supplement_pence ? pounds(money.supplement_pence) : '—'],
    ['Paid', pounds(money.paid_pence)],
    [
      'Balance',
      money.state === 'cancelled' || money.state === 'refunded'
        ? '—'
        : `${pounds(money.balance_pence)}${
            money.balance_pence > 0 && money.balance_due_on
              ? `, due ${formatLongDate(money.balance_due_on)}`
              : ''
          }`,
    ],
    ...(money.refund_due_pence !== null
      ? ([
          ['Refund due', owed > 0 ? pounds(owed) : `${pounds(0)} (nothing owed)`],
          ['Refunded', pounds(money.refunded_pence)],
        ] as const)
      : []),
  ];
}

function Ledger({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return <p className="mt-2 text-sm text-slate-700">No payments yet.</p>;
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead>
        <tr className="text-slate-600">
          <th className="py-1 pr-3 font-medium">Date</th>
          <th className="py-1 pr-3 font-medium">Kind</th>
          <th className="py-1 pr-3 font-medium">Amount</th>
          <th className="py-1 font-medium">Stripe</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id} className="border-t border-slate-200 align-top">
            <td className="py-1 pr-3">{formatDateTime(payment.recorded_at)}</td>
            <td className="py-1 pr-3">
              {KINDS[payment.kind] ?? payment.kind}
              {payment.status !== 'succeeded' ? ` (${payment.status})` : ''}
            </td>
            <td className="py-1 pr-3">
              {formatMoney(payment.amount_pence, { currency: payment.currency, payment: true })}
            </td>
            <td className="break-all py-1">
              {[
                payment.checkout_session_id,
                payment.payment_intent_id,
                payment.charge_id,
                payment.refund_id,
              ]
                .filter(Boolean)
                .join(' · ') ||
                payment.note ||
                '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EmailLog({ emails }: { emails: Email[] }) {
  if (emails.length === 0) return <p className="mt-2 text-sm text-slate-700">No emails yet.</p>;
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead>
        <tr className="text-slate-600">
          <th className="py-1 pr-3 font-medium">Email</th>
          <th className="py-1 pr-3 font-medium">To</th>
          <th className="py-1 pr-3 font-medium">Status</th>
          <th className="py-1 font-medium">Sent</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <tr key={email.id} className="border-t border-slate-200 align-top">
            <td className="py-1 pr-3">{EMAIL_KINDS[email.kind] ?? email.kind}</td>
            <td className="break-all py-1 pr-3">{email.recipient}</td>
            <td className="py-1 pr-3">
              {email.status}
              {email.error ? `: ${email.error}` : ''}
            </td>
            <td className="py-1">
              {email.sent_at
                ? formatDateTime(email.sent_at)
                : `queued ${formatDateTime(email.queued_at)}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Mark refunded": the note and the confirmation in one dialog; the ledger records it. */
function MarkRefunded({
  registrationId,
  owed,
  db,
  onDone,
}: {
  registrationId: string;
  owed: number;
  db: DbClient;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const form = useForm({ note: '' }, ({ note }) => ({
    note: !note.trim()
      ? 'Please say how the refund was paid.'
      : isTooLong(note, NOTE_LIMIT)
        ? shortenMessage('the note', NOTE_LIMIT)
        : undefined,
  }));
  const submit = form.onSubmit(async ({ note }) => {
    try {
      await markRefundedByHand(db, registrationId, note.trim());
      toast.show(`Refund of ${pounds(owed)} recorded.`);
      setOpen(false);
      onDone();
    } catch (error) {
      console.warn('Could not record the refund', error);
      form.fail('Could not record the refund. Please try again.');
    }
  });
  return (
    <>
      <button type="button" className={buttonClass('primary')} onClick={() => setOpen(true)}>
        Mark refunded
      </button>
      <Modal
        open={open}
        title={`Mark ${pounds(owed)} refunded?`}
        onClose={form.sending ? () => {} : () => setOpen(false)}
      >
        <form onSubmit={submit} noValidate aria-label="Mark refunded">
          <p>
            Record that {pounds(owed)} was paid back to the team outside Stripe. The ledger keeps
            this with your note; it cannot be undone here.
          </p>
          <div className="mt-4">
            <TextAreaField
              label="How was it paid back?"
              rows={3}
              maxLength={NOTE_LIMIT}
              required
              {...form.field('note')}
            />
          </div>
          {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              className={buttonClass('neutral')}
              onClick={() => setOpen(false)}
              disabled={form.sending}
            >
              Cancel
            </button>
            <PendingButton type="submit" pending={form.sending} pendingLabel="Recording...">
              Mark refunded
            </PendingButton>
          </div>
        </form>
      </Modal>
    </>
  );
}

/**
 * "Refund £X": asks first, then calls the refund function; its button is disabled from the first
 * click until the answer, so a double click sends one request (the server is idempotent anyway).
 */
function RefundThroughStripe({
  registrationId,
  amount,
  functions,
  onDone,
}: {
  registrationId: string;
  amount: number;
  functions: FunctionsCaller;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const refund = async () => {
    setSending(true);
    setFailure(null);
    try {
      await refundThroughStripe(functions, registrationId);
      toast.show(`Refund of ${pounds(amount)} sent to Stripe.`);
      setOpen(false);
      onDone();
    } catch (error) {
      console.warn('Could not send the refund', error);
      setFailure(
        error instanceof FunctionError
          ? error.message
          : 'The refund could not be sent. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        Refund {pounds(amount)}
      </button>
      <Modal
        open={open}
        title={`Refund ${pounds(amount)} through Stripe?`}
        onClose={sending ? () => {} : () => setOpen(false)}
      >
        <p>
          Stripe pays {pounds(amount)} back to the card the team paid its balance with. The deposit
          is not refunded. Stripe confirms the refund in a moment; the team is then emailed.
        </p>
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            className={buttonClass('neutral')}
            onClick={() => setOpen(false)}
            disabled={sending}
          >
            Cancel
          </button>
          <PendingButton
            type="button"
            pending={sending}
            pendingLabel="Sending to Stripe..."
            onClick={() => void refund()}
          >
            Refund {pounds(amount)}
          </PendingButton>
        </div>
      </Modal>
    </>
  );
}

export function RegistrationMoney({
  registrationId,
  db,
  functions = supabase,
  onChanged,
}: {
  registrationId: string;
  db: DbClient;
  /** Where "Send reminder now" and "Refund £X" send from: the admin's client (its Edge Functions). */
  functions?: FunctionsCaller;
  /** The inbox reloads its row (its money column) after a change here. */
  onChanged?: () => void;
}) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = useLoad<Loaded>(
    `registration-money:${registrationId}`,
    async () => {
      const [money, payments, emails] = await Promise.all([
        getRegistrationMoney(db, registrationId),
        listRegistrationPayments(db, registrationId),
        listRegistrationEmails(db, registrationId),
      ]);
      return { money, payments, emails };
    },
    { empty: NOTHING },
  );
  const changed = () => {
    loaded.reload();
    onChanged?.();
  };
  const { money, payments, emails } = loaded.data;

  let body;
  if (loaded.failed && !money)
    body = (
      <LoadFailed
        className="mt-2"
        message="Could not load the money. Please try again."
        onRetry={loaded.reload}
      />
    );
  else if (loaded.loading)
    body = <p className="mt-2 text-sm text-slate-700">Loading the money...</p>;
  else if (!money) body = <p className="mt-2 text-sm text-slate-700">No money to show.</p>;
  else {
    const owed = refundOwed(money);
    body = (
      <>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <Badge tone={moneyStateTone(money.state, owed)}>
            {moneyStateLabel(money.state, owed)}
          </Badge>
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {statementLines(money).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {money.refund_pending_pence > 0 ? (
          <p role="status" className="mt-3 text-sm text-slate-800">
            Refund of {pounds(money.refund_pending_pence)} sent to Stripe, waiting for confirmation.
          </p>
        ) : null}
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <div className="mt-3 flex flex-wrap gap-3">
          {money.state === 'cancelled' &&
          money.refund_left_pence > 0 &&
          money.refund_pending_pence === 0 ? (
            <RefundThroughStripe
              registrationId={registrationId}
              amount={money.refund_left_pence}
              functions={functions}
              onDone={changed}
            />
          ) : null}
          {money.state === 'cancelled' && owed > 0 && money.refund_pending_pence === 0 ? (
            <MarkRefunded registrationId={registrationId} owed={owed} db={db} onDone={changed} />
          ) : null}
          {owesBalance(money.state) ? (
            <RunButton
              tone="neutral"
              pendingLabel="Sending..."
              run={async () => {
                setFailure(null);
                try {
                  const outcome = await sendReminderNow(db, functions, registrationId);
                  toast.show(
                    outcome === 'sent'
                      ? 'Reminder sent.'
                      : 'Reminder queued: it could not be sent just now, so it goes out with the next daily emails.',
                  );
                  loaded.reload();
                } catch (error) {
                  console.warn('Could not queue the reminder', error);
                  setFailure('Could not queue the reminder. Please try again.');
                }
              }}
            >
              Send reminder now
            </RunButton>
          ) : null}
        </div>
        <h4 className="mt-4 font-semibold text-slate-900">Ledger</h4>
        <Ledger payments={payments} />
        <h4 className="mt-4 font-semibold text-slate-900">Emails</h4>
        <EmailLog emails={emails} />
      </>
    );
  }
  return (
    <section aria-label="Money" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">Money</h3>
      {body}
    </section>
  );
}
