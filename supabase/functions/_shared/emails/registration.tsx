/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The emails that answer a public form, and the administrator's: the registration confirmation,
// the sponsorship enquiry's acknowledgement and "you are now an administrator".
//
// The confirmation and the acknowledgement go to whatever address was typed into a public form,
// so they say only fixed words and, at most, the booking reference: never a name, a team or a
// message, which would let anyone send their text from the rally's address to anyone. Their
// props hold no visitor text, so no caller can add one.
import { Facts, Layout, ORGANISATION, Paragraph } from './layout.tsx';
import { TeamPageBlock } from './team-page.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts, TeamPage } from './types.ts';
import { dates, moment, price } from './wording.ts';

export type RegistrationConfirmationProps = Framed & {
  edition: EditionFacts;
  /** The booking reference (the registration's id). */
  reference: string;
  /** Whether the registration holds a place while the deposit is paid (private.place_hold()). */
  holdsPlace: boolean;
  /** Made through a waiting-list offer: when the offer, which holds the place, expires. */
  heldUntil?: string;
  /** The team page, once the function that sends this email makes its link. */
  teamPage?: TeamPage;
  /** The co-driver's copy (its teamPage is the co-driver's own link): told as to the co-driver. */
  toCoDriver?: boolean;
};

export const RegistrationConfirmation = template(
  ({
    edition,
    reference,
    holdsPlace,
    heldUntil,
    teamPage,
    toCoDriver,
    site,
  }: RegistrationConfirmationProps) => {
    const deposit = price(edition.deposit);
    if (toCoDriver)
      return (
        <Layout edition={edition} site={site} preview="You are named as a co-driver">
          <Paragraph>Hello,</Paragraph>
          <Paragraph>
            {`You are named as the co-driver on a registration for the ${edition.name} (${dates(edition)}).`}
          </Paragraph>
          <Paragraph>
            {`The place is secured once the ${deposit} deposit is paid; we will send you a copy of the receipt.`}
          </Paragraph>
          {teamPage && <TeamPageBlock teamPage={teamPage} />}
          <Paragraph>
            If you do not know about this registration, you can ignore this email.
          </Paragraph>
          <Facts lines={[['Booking reference', reference]]} />
        </Layout>
      );
    return (
      <Layout edition={edition} site={site} preview="We have your registration">
        <Paragraph>Hello,</Paragraph>
        <Paragraph>
          {`Thank you for registering for the ${edition.name} (${dates(edition)}). We have your registration.`}
        </Paragraph>
        <Paragraph>
          {heldUntil
            ? `Your place from the waiting list is held until ${moment(heldUntil)} while you pay the ${deposit} deposit; once the deposit is paid, your place is secured and we will send a receipt.`
            : holdsPlace
              ? `Your place is held for 5 minutes while you pay the ${deposit} deposit; once the deposit is paid, your place is secured and we will send a receipt.`
              : `Please pay the ${deposit} deposit now: your place is secured once the deposit is paid, if a place is still free, and we will send a receipt.`}
        </Paragraph>
        {teamPage && <TeamPageBlock teamPage={teamPage} />}
        <Paragraph>If you did not register, you can ignore this email.</Paragraph>
        <Facts lines={[['Booking reference', reference]]} />
      </Layout>
    );
  },
  ({ edition }) => `Your ${edition.name} registration`,
);

export type EnquiryAcknowledgementProps = Framed & { edition: EditionFacts };

export const EnquiryAcknowledgement = template(
  ({ edition, site }: EnquiryAcknowledgementProps) => (
    <Layout edition={edition} site={site} preview="We have your enquiry">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`Thank you for your interest in sponsoring the ${edition.name}. We have your enquiry and will be in touch shortly.`}
      </Paragraph>
      <Paragraph>If you did not send an enquiry, you can ignore this email.</Paragraph>
    </Layout>
  ),
  () => 'Thank you for your sponsorship enquiry',
);

export type AdministratorGrantedProps = Framed;

/** Tells an existing account that an administrator gave it the administrator role. */
export const AdministratorGranted = template(
  ({ site }: AdministratorGrantedProps) => (
    <Layout site={site} preview="Your account is now an administrator">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`An administrator of the ${ORGANISATION} website has made your account an administrator.`}
      </Paragraph>
      <Paragraph>
        {`Sign in at ${site}/admin with your email address and password. If you did not expect this, reply to this email and tell us.`}
      </Paragraph>
    </Layout>
  ),
  () => `You are now an administrator of the ${ORGANISATION} website`,
);
