// A registration's money state in the organiser's words: the label and colour of each state the
// database derives (public.registration_money_state), for the inbox's column, its filter, the
// export and the registration's statement. A cancelled registration still owed its refund says so.
import type { MoneyState } from '../../data/inbox';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import type { BadgeTone } from './Badge';

export const MONEY_STATES: readonly { value: MoneyState; label: string; tone: BadgeTone }[] = [
  { value: 'awaiting deposit', label: 'Awaiting deposit', tone: 'waiting' },
  { value: 'deposit paid', label: 'Deposit paid', tone: 'waiting' },
  { value: 'balance due', label: 'Balance due', tone: 'waiting' },
  { value: 'overdue', label: 'Overdue', tone: 'bad' },
  { value: 'paid in full', label: 'Paid in full', tone: 'good' },
  { value: 'cancelled', label: 'Cancelled', tone: 'waiting' },
  { value: 'refunded', label: 'Refunded', tone: 'good' },
];

/** The refund the terms give back that has not been paid back yet (pence, 0 for none). */
export const refundOwed = (facts: {
  refund_due_pence: number | null;
  refunded_pence: number;
}): number => Math.max((facts.refund_due_pence ?? 0) - facts.refunded_pence, 0);

/** 'Balance due'; 'Cancelled, refund due £1,850.00' while a cancelled team's refund is owed. */
export function moneyStateLabel(state: string, owed = 0): string {
  const label = MONEY_STATES.find((option) => option.value === state)?.label ?? state;
  return state === 'cancelled' && owed > 0
    ? `${label}, refund due ${formatMoney(owed, { payment: true })}`
    : label;
}

/** Red while the organiser owes a refund or the team is late; green once settled. */
export function moneyStateTone(state: string, owed = 0): BadgeTone {
  if (state === 'cancelled' && owed > 0) return 'bad';
  return MONEY_STATES.find((option) => option.value === state)?.tone ?? 'waiting';
}

/** Whether the team owes something the admin may remind them of (send_reminder_now's rule). */
export const owesBalance = (state: string): boolean =>
  state === 'deposit paid' || state === 'balance due' || state === 'overdue';
