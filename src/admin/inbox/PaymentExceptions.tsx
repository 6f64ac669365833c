// A registration's payment exceptions in its inbox detail: payments Stripe reported that the
// database did not apply as the deposit or the balance (wrong amount, currency or mode, nothing
// charged, paid after cancelling, paid with no place left, paid twice), each naming which of the
// two it was for. Each shows what was paid against what
// was expected, why, and what is to be done ("Refund due"); the organiser records what was done
// (refunded, waiting list, accepted) and a note. Refunds themselves are made in Stripe.
import { FormMessage, SelectField, TextField } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import {
  listPaymentExceptions,
  resolvePaymentException,
  type PaymentException,
  type PaymentResolution,
} from '../../data/inbox';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import { isTooLong, shortenMessage } from '../../lib/validation';
import { LoadFailed } from '../ui/LoadFailed';
import { PendingButton } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';
import { Badge, type BadgeTone } from './Badge';

/** private.is_payment_exception_reason's list (the generated types know the column as text). */
type ExceptionReason =
  | 'amount'
  | 'currency'
  | 'mode'
  | 'not-paid'
  | 'cancelled'
  | 'no-place'
  | 'unknown-reference'
  | 'duplicate';

/** Why a payment was not the deposit, as the organiser reads it (the filter's labels too). */
export const EXCEPTION_REASONS: Record<ExceptionReason, string> = {
  amount: 'Wrong amount',
  currency: 'Not in pounds',
  mode: 'Not a one-off payment',
  'not-paid': 'Nothing charged',
  cancelled: 'Paid after cancelling',
  'no-place': 'Paid with no place free',
  'unknown-reference': 'Unknown reference',
  duplicate: 'Paid twice',
};

export const exceptionReason = (reason: string): string =>
  EXCEPTION_REASONS[reason as ExceptionReason] ?? reason;

/** Which payment the exception was about. */
const PAYMENT_KINDS: Record<PaymentException['kind'], string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  refund: 'Refund',
};

const RESOLUTIONS: { value: PaymentResolution | ''; label: string; tone: BadgeTone }[] = [
  { value: '', label: 'To decide', tone: 'bad' },
  { value: 'refund-due', label: 'Refund due', tone: 'bad' },
  { value: 'refunded', label: 'Refunded', tone: 'good' },
  { value: 'waiting-list', label: 'Waiting list', tone: 'waiting' },
  { value: 'accepted', label: 'Accepted', tone: 'good' },
];

const resolutionOf = (value: string) =>
  RESOLUTIONS.find((option) => option.value === value) ?? RESOLUTIONS[0];

function ExceptionItem({
  exception,
  db,
  onSaved,
}: {
  exception: PaymentException;
  db: DbClient;
  onSaved: () => void;
}) {
  const toast = useToast();
  // The form keeps what was typed when the save fails; the note's limit is the column's.
  const form = useForm(
    { resolution: exception.resolution ?? '', note: exception.note },
    (values) => ({
      note: isTooLong(values.note, 5000) ? shortenMessage('the note', 5000) : undefined,
    }),
  );
  const shown = resolutionOf(exception.resolution ?? '');
  const paid =
    formatMoney(exception.amount, { currency: exception.currency, payment: true }) || 'no amount';
  const expected = formatMoney(exception.expected_amount, { payment: true }) || 'unknown';
  const stripeSaid = [
    exception.mode ? `mode ${exception.mode}` : '',
    exception.payment_status ? `payment status ${exception.payment_status}` : '',
  ].filter(Boolean);

  const save = form.onSubmit(async ({ resolution, note }) => {
    try {
      const chosen = resolutionOf(resolution)?.value || null;
      await resolvePaymentException(db, exception.id, { resolution: chosen, note });
      toast.show('Resolution saved.');
      onSaved();
    } catch (error) {
      console.warn('Could not save the resolution', error);
      form.fail('Could not save the resolution. Please try again.');
    }
  });

  return (
    <li className="border-t border-red-100 pt-3 first:border-t-0 first:pt-0">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          {PAYMENT_KINDS[exception.kind]}: {exceptionReason(exception.reason)}
        </span>
        {shown ? <Badge tone={shown.tone}>{shown.label}</Badge> : null}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Paid {paid}, expected {expected} · {formatDateTime(exception.created_at)}
        {exception.payment_id ? ` · ${exception.payment_id}` : ''}
        {stripeSaid.length > 0 ? ` · Stripe said ${stripeSaid.join(', ')}` : ''}
      </p>
      <form onSubmit={save} noValidate aria-label="Resolution">
        <div className="mt-2 grid gap-3 sm:grid-cols-[12rem_1fr]">
          <SelectField label="Resolution" options={RESOLUTIONS} {...form.field('resolution')} />
          <TextField label="Resolution note" maxLength={5000} {...form.field('note')} />
        </div>
        {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
        <div className="mt-2">
          <PendingButton
            type="submit"
            tone="neutral"
            pending={form.sending}
            pendingLabel="Saving..."
          >
            Save resolution
          </PendingButton>
        </div>
      </form>
    </li>
  );
}

export function PaymentExceptions({
  registrationId,
  db,
}: {
  registrationId: string;
  db: DbClient;
}) {
  const list = useLoad<PaymentException[]>(
    `payment-exceptions:${registrationId}`,
    () => listPaymentExceptions(db, registrationId),
    { empty: [] },
  );
  if (list.failed && list.data.length === 0)
    return (
      <LoadFailed
        className="mt-4"
        message="Could not load the payment exceptions. Please try again."
        onRetry={list.reload}
      />
    );
  if (list.data.length === 0) return null;
  return (
    <section
      aria-label="Payment exceptions"
      className="mt-4 rounded-lg border border-red-200 bg-white p-4"
    >
      <h3 className="font-semibold text-red-900">Payment exceptions</h3>
      <ul className="mt-2 space-y-3">
        {list.data.map((exception) => (
          <ExceptionItem key={exception.id} exception={exception} db={db} onSaved={list.reload} />
        ))}
      </ul>
    </section>
  );
}
