// The statement of money on the team's page, from the ledger as the database derives it
// (team_page's `money`): the price, the separate-rooms supplement when chosen, what has been paid
// and the balance with its due date, the state in words, and "Pay balance" while something is
// owed ("Paid in full" once nothing is). The balance is priced by the checkout function in the
// database, never here: the button only asks for the payment page and goes there.
import { useState } from 'react';
import { CircleCheckBig, CreditCard } from 'lucide-react';
import { FormMessage } from '../../components/FormField';
import { buttonStyles } from '../../components/PageHero';
import {
  CHECKOUT_UNREACHABLE,
  CheckoutError,
  startBalanceCheckout,
  type TeamMoney,
} from '../../data/teamPage';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';

/** Leaves the site for the balance's payment page (a seam tests can observe). */
export function goToBalancePayment(url: string) {
  window.location.assign(url);
}

/** The money's state in words. */
export function moneyInWords(money: TeamMoney): string {
  const balance = formatMoney(money.balance_pence);
  const due = money.balance_due_on ? formatLongDate(money.balance_due_on) : null;
  switch (money.state) {
    case 'awaiting deposit':
      return 'We have not received your deposit yet.';
    case 'deposit paid':
      return `Your deposit is paid. The balance of ${balance} is still to pay.`;
    case 'balance due':
      return `Your deposit is paid. The balance of ${balance} is due by ${due ?? 'the date in your confirmation email'}.`;
    case 'overdue':
      return `The balance of ${balance} was due on ${due ?? 'the date in your confirmation email'} and is overdue. Please pay it now.`;
    case 'paid in full':
      return 'Your entry is paid in full. Thank you.';
    case 'cancelled':
      return money.refund_due_pence
        ? `This registration is cancelled. A refund of ${formatMoney(money.refund_due_pence)} is due to you.`
        : 'This registration is cancelled. Under the terms nothing is due back.';
    case 'refunded':
      return `This registration is cancelled and ${formatMoney(money.refunded_pence)} has been refunded.`;
  }
}

/** Whether the team owes a balance it can pay online (the deposit is paid, it is not cancelled). */
export function owesBalance(money: TeamMoney): boolean {
  return (
    money.balance_pence > 0 && ['deposit paid', 'balance due', 'overdue'].includes(money.state)
  );
}

function Line({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-4 py-2 ${strong ? 'font-bold text-ink' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
}

export function TeamStatement({
  money,
  secret,
  onPayment = goToBalancePayment,
}: {
  money: TeamMoney;
  secret: string;
  onPayment?: (url: string) => void;
}) {
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelled = money.state === 'cancelled' || money.state === 'refunded';

  const pay = async () => {
    setOpening(true);
    setFailure(null);
    try {
      onPayment(await startBalanceCheckout(secret));
    } catch (error) {
      console.warn('Could not open the balance payment', error);
      setFailure(error instanceof CheckoutError ? error.message : CHECKOUT_UNREACHABLE);
      setOpening(false);
    }
  };

  return (
    <section
      aria-labelledby="money-heading"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="money-heading" className="text-2xl font-bold text-ink">
        Your payments
      </h2>
      <dl className="mt-4 divide-y divide-slate-200 text-ink-muted">
        <Line label="Price" amount={formatMoney(money.price_pence)} />
        {money.supplement_pence > 0 ? (
          <Line label="Separate rooms supplement" amount={formatMoney(money.supplement_pence)} />
        ) : null}
        <Line label="Paid so far" amount={formatMoney(money.paid_pence)} />
        {money.refunded_pence > 0 ? (
          <Line label="Refunded" amount={formatMoney(money.refunded_pence)} />
        ) : null}
        {cancelled ? null : (
          <div className="flex flex-wrap justify-between gap-x-4 py-2 font-bold text-ink">
            <dt>
              Balance
              {money.balance_due_on && money.balance_pence > 0 ? (
                <span className="font-normal text-ink-muted">
                  {' '}
                  due by {formatLongDate(money.balance_due_on)}
                </span>
              ) : null}
            </dt>
            <dd className="tabular-nums">{formatMoney(money.balance_pence)}</dd>
          </div>
        )}
      </dl>
      <p className="mt-4 text-ink" data-testid="money-state" data-state={money.state}>
        {moneyInWords(money)}
      </p>
      {owesBalance(money) ? (
        <div className="mt-6 space-y-3">
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <button
            type="button"
            onClick={() => void pay()}
            disabled={opening}
            className={`${buttonStyles.primary} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            <CreditCard aria-hidden="true" className="h-5 w-5" />
            {opening ? 'Opening the payment page...' : 'Pay balance'}
          </button>
        </div>
      ) : money.state === 'paid in full' ? (
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-4 py-2 font-bold text-emerald-800">
          <CircleCheckBig aria-hidden="true" className="h-5 w-5" />
          Paid in full
        </p>
      ) : null}
    </section>
  );
}
