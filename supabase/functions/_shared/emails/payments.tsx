/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The emails about money: the deposit and balance receipts (one after each payment), the balance
// reminder (14 and 3 days before the due date: one template, the days a prop) and the overdue
// notice (the day after it). They go to the lead driver of a registration whose deposit is paid,
// so they may name the team and the driver; React escapes them.
import { Facts, Layout, Paragraph } from './layout.tsx';
import { TeamPageBlock } from './team-page.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts, Payment, Pence, TeamPage } from './types.ts';
import { amount, dates, days, longDate, moment } from './wording.ts';

type AboutTeam = Framed & {
  edition: EditionFacts;
  /** The booking reference (the registration's id). */
  reference: string;
  leadDriverName: string;
  teamName: string;
};

export type ReceiptProps = AboutTeam & {
  payment: Payment;
  /** The team page, once the function that sends this email makes its link. */
  teamPage?: TeamPage;
};

function paymentLines({ edition, reference, teamName, payment }: ReceiptProps): [string, string][] {
  return [
    ['Reference', reference],
    ['Amount', amount(payment.amount, payment.currency)],
    ['Paid', moment(payment.paidAt)],
    ['Payment', payment.paymentId],
    ['Team', teamName],
    ['Rally', `${edition.name}, ${dates(edition)}`],
  ];
}

export const DepositReceipt = template(
  (props: ReceiptProps) => (
    <Layout edition={props.edition} site={props.site} preview="Your place is secured">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`We have received your deposit of ${amount(props.payment.amount, props.payment.currency)}. Your place on the ${props.edition.name} is secured.`}
      </Paragraph>
      <Paragraph>
        Your team’s page shows the balance and when it is due: pay it there, and keep your
        co-driver, car and contact details up to date.
      </Paragraph>
      {props.teamPage && <TeamPageBlock teamPage={props.teamPage} />}
      <Facts lines={paymentLines(props)} />
    </Layout>
  ),
  ({ edition }) => `Deposit received: your place on the ${edition.name} is secured`,
);

export const BalanceReceipt = template(
  (props: ReceiptProps) => (
    <Layout edition={props.edition} site={props.site} preview="Paid in full">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`We have received your balance payment of ${amount(props.payment.amount, props.payment.currency)}. Your registration for the ${props.edition.name} is paid in full.`}
      </Paragraph>
      {props.teamPage && <TeamPageBlock teamPage={props.teamPage} />}
      <Facts lines={paymentLines(props)} />
    </Layout>
  ),
  ({ edition }) => `Balance received: your ${edition.name} registration is paid in full`,
);

export type BalanceDueProps = AboutTeam & {
  /** What is still owed: price + separate-rooms supplement - paid, computed by the database. */
  balance: Pence;
  /** The edition's balance due date ('YYYY-MM-DD'). */
  dueDate: string;
  teamPage: TeamPage;
};

export type BalanceReminderProps = BalanceDueProps & {
  /** Days from the reminder to the due date: 14 or 3 (the reminders' schedule decides). */
  daysLeft: number;
};

export const BalanceReminder = template(
  (props: BalanceReminderProps) => (
    <Layout edition={props.edition} site={props.site} preview="Your balance is due soon">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`The balance of ${amount(props.balance)} for ${props.teamName} on the ${props.edition.name} is due on ${longDate(props.dueDate)}, in ${days(props.daysLeft)}.`}
      </Paragraph>
      <Paragraph>Please pay it on your team page with &quot;Pay balance&quot;.</Paragraph>
      <TeamPageBlock teamPage={props.teamPage} />
      <Paragraph>If you have paid in the meantime, thank you: you can ignore this email.</Paragraph>
      <Facts lines={[['Reference', props.reference]]} />
    </Layout>
  ),
  ({ edition, balance, daysLeft }) =>
    `Your ${edition.name} balance of ${amount(balance)} is due in ${days(daysLeft)}`,
);

export const OverdueNotice = template(
  (props: BalanceDueProps) => (
    <Layout edition={props.edition} site={props.site} preview="Your balance is overdue">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`The balance of ${amount(props.balance)} for ${props.teamName} on the ${props.edition.name} was due on ${longDate(props.dueDate)}, and we have not received it.`}
      </Paragraph>
      <Paragraph>
        Please pay it now on your team page with &quot;Pay balance&quot;, or reply to this email if
        something is wrong.
      </Paragraph>
      <TeamPageBlock teamPage={props.teamPage} />
      <Facts lines={[['Reference', props.reference]]} />
    </Layout>
  ),
  ({ edition }) => `Your ${edition.name} balance is overdue`,
);
