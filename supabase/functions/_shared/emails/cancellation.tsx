/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// Cancellation by the terms: the email to the team (what is refunded, or that nothing is) and the
// one to the organiser (who cancelled, what was paid, the refund due, and where to act on it).
// The refund due is the database's figure (the edition's cancellation tiers and the ledger). Then,
// once Stripe confirms the refund, the team's refund email (the amount the ledger refunded).
import { Action, Facts, Layout, Paragraph } from './layout.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts, Pence } from './types.ts';
import { amount, moment } from './wording.ts';

export type CancellationProps = Framed & {
  edition: EditionFacts;
  reference: string;
  leadDriverName: string;
  teamName: string;
  /** When the registration was cancelled (a timestamp). */
  cancelledAt: string;
  /** What the terms give back, in pence; 0 when nothing is due. */
  refundDue: Pence;
};

export const CancellationToTeam = template(
  (props: CancellationProps) => (
    <Layout edition={props.edition} site={props.site} preview="Your registration is cancelled">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`The registration of ${props.teamName} for the ${props.edition.name} is cancelled, as you asked on ${moment(props.cancelledAt)}. Your place has been released.`}
      </Paragraph>
      <Paragraph>
        {props.refundDue > 0
          ? `Under the terms, ${amount(props.refundDue)} is due back to you. We will refund it to the card you paid with.`
          : 'Under the terms, no refund is due on the day you cancelled.'}
      </Paragraph>
      <Facts
        lines={[
          ['Reference', props.reference],
          ['Team', props.teamName],
          ['Cancelled', moment(props.cancelledAt)],
          ['Refund due', props.refundDue > 0 ? amount(props.refundDue) : 'None'],
        ]}
      />
    </Layout>
  ),
  ({ edition }) => `Your ${edition.name} registration is cancelled`,
);

export type CancellationToOrganiserProps = CancellationProps & {
  leadDriverEmail: string;
  /** What the team paid, in pence (deposit and balance, less refunds), from the ledger. */
  paid: Pence;
  /** The registration in the admin. */
  adminLink: string;
};

export const CancellationToOrganiser = template(
  (props: CancellationToOrganiserProps) => (
    <Layout edition={props.edition} site={props.site} preview="A team has cancelled">
      <Paragraph>
        {`${props.teamName} cancelled their registration for the ${props.edition.name} on ${moment(props.cancelledAt)}. Their place is free again.`}
      </Paragraph>
      <Paragraph>
        {props.refundDue > 0
          ? `Refund due: ${amount(props.refundDue)}. Pay it back, then mark the registration refunded in the admin.`
          : 'No refund is due under the terms.'}
      </Paragraph>
      <Action href={props.adminLink}>Open the registration</Action>
      <Facts
        lines={[
          ['Reference', props.reference],
          ['Team', props.teamName],
          ['Lead driver', props.leadDriverName],
          ['Email', props.leadDriverEmail],
          ['Paid', amount(props.paid)],
          ['Refund due', props.refundDue > 0 ? amount(props.refundDue) : 'None'],
          ['Cancelled', moment(props.cancelledAt)],
        ]}
      />
    </Layout>
  ),
  ({ edition, teamName }) => `Cancelled: ${teamName} (${edition.name})`,
);

export type RefundSentProps = Framed & {
  edition: EditionFacts;
  reference: string;
  leadDriverName: string;
  teamName: string;
  /** What was refunded through Stripe, in pence: the ledger's succeeded refunds. */
  refunded: Pence;
};

/** Sent once Stripe confirms the refund of a cancelled registration (its charge.refunded event). */
export const RefundSent = template(
  (props: RefundSentProps) => (
    <Layout edition={props.edition} site={props.site} preview="Your refund is on its way">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`We have refunded ${amount(props.refunded)} for the cancelled registration of ${props.teamName} for the ${props.edition.name}, to the card you paid with.`}
      </Paragraph>
      <Paragraph>
        Your bank usually shows a refund within 5 to 10 working days. The deposit is not refundable,
        as the terms say.
      </Paragraph>
      <Facts
        lines={[
          ['Reference', props.reference],
          ['Team', props.teamName],
          ['Refunded', amount(props.refunded)],
        ]}
      />
    </Layout>
  ),
  ({ edition }) => `Your ${edition.name} refund is on its way`,
);
