/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The participants' emails, in one place: every kind by name, and the one way to render one into
// the Email the sender posts (_shared/email.ts sendEmail). Each template is a React Email
// component with typed props (its file says when it is sent); the HTML is React's, so every
// string is escaped, and the plain-text part is the same render read as text (html-to-text,
// through React Email), so the two parts cannot say different things.
//
// Imports are `npm:` specifiers pinned to the versions in package.json, as Deno needs them; tsc
// reads them through supabase/functions/npm-specifiers.d.ts and vitest through an alias
// (vite.config.ts), both onto node_modules.
import { plainTextSelectors, render } from 'npm:@react-email/components@1.0.12';
import { CancellationToOrganiser, CancellationToTeam, RefundSent } from './cancellation.tsx';
import { DocumentRejected, DocumentsReminder } from './documents.tsx';
import { Mailing } from './mailing.tsx';
import { NewsletterConfirmation } from './newsletter.tsx';
import { BalanceReceipt, BalanceReminder, DepositReceipt, OverdueNotice } from './payments.tsx';
import {
  AdministratorGranted,
  EnquiryAcknowledgement,
  RegistrationConfirmation,
} from './registration.tsx';
import { TeamLink } from './team-page.tsx';
import { WaitingListJoined, WaitingListOffer } from './waiting-list.tsx';
import type { Framed, Template } from './template.ts';
import type { Email } from './types.ts';

export type { Email, EditionFacts, Payment, Pence, TeamPage } from './types.ts';
export type {
  RegistrationConfirmationProps,
  EnquiryAcknowledgementProps,
} from './registration.tsx';
export type { AdministratorGrantedProps } from './registration.tsx';
export type { ReceiptProps, BalanceDueProps, BalanceReminderProps } from './payments.tsx';
export type {
  CancellationProps,
  CancellationToOrganiserProps,
  RefundSentProps,
} from './cancellation.tsx';
export type { TeamLinkProps } from './team-page.tsx';
export type { DocumentRejectedProps, DocumentsReminderProps } from './documents.tsx';
export type { WaitingListJoinedProps, WaitingListOfferProps } from './waiting-list.tsx';
export type { MailingProps } from './mailing.tsx';
export type { NewsletterConfirmationProps } from './newsletter.tsx';
export { ORGANISATION } from './layout.tsx';

/** Every kind of email the rally sends, by the name callers and the email log use. */
export const EMAILS = {
  registrationConfirmation: RegistrationConfirmation,
  enquiryAcknowledgement: EnquiryAcknowledgement,
  administratorGranted: AdministratorGranted,
  teamLink: TeamLink,
  depositReceipt: DepositReceipt,
  balanceReceipt: BalanceReceipt,
  balanceReminder: BalanceReminder,
  overdueNotice: OverdueNotice,
  cancellationToTeam: CancellationToTeam,
  cancellationToOrganiser: CancellationToOrganiser,
  waitingListJoined: WaitingListJoined,
  waitingListOffer: WaitingListOffer,
  refundSent: RefundSent,
  documentsReminder: DocumentsReminder,
  documentRejected: DocumentRejected,
  mailing: Mailing,
  newsletterConfirmation: NewsletterConfirmation,
};

export type EmailKind = keyof typeof EMAILS;
export type EmailProps<K extends EmailKind> = Parameters<(typeof EMAILS)[K]>[0];

// html-to-text's defaults, as React Email sets them (no images, links as their address), but a
// heading keeps its case: the edition's name reads as it is written.
const TEXT_OPTIONS = {
  selectors: [
    ...plainTextSelectors,
    ...['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** One email of `kind` to `to`: its subject, HTML and text parts, and the sender's name. */
export async function renderEmail<K extends EmailKind>(
  kind: K,
  to: string,
  props: EmailProps<K>,
): Promise<Email> {
  const Template = EMAILS[kind] as unknown as Template<Framed>;
  const element = <Template {...props} />;
  const edition = 'edition' in props ? props.edition : undefined;
  return {
    to,
    // A subject is one header line, whatever a team calls itself.
    subject: Template.subject(props).replace(/\s+/g, ' ').trim(),
    html: await render(element),
    text: (await render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS })).trim(),
    ...(edition ? { fromName: edition.name } : {}),
  };
}
