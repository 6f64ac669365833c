/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The newsletter's confirmation (double opt-in): sent to whatever address was typed into the
// footer's or the next-rally box, so it says fixed words only, and the link
// (`<site>/newsletter/confirm/<secret>`, made and hashed by the database when the email is
// claimed) is the only way the address becomes a subscriber. Not marketing: it carries no
// unsubscribe link (ignoring it is enough).
import { Action, Facts, Layout, ORGANISATION, Paragraph } from './layout.tsx';
import { template, type Framed } from './template.ts';
import { moment } from './wording.ts';

export type NewsletterConfirmationProps = Framed & {
  /** The whole address: `<site>/newsletter/confirm/<secret>`. */
  confirmLink: string;
  /** When the link stops working (a timestamp). */
  expiresAt: string;
};

export const NewsletterConfirmation = template(
  (props: NewsletterConfirmationProps) => (
    <Layout site={props.site} preview="Please confirm your subscription">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`Someone, we hope you, asked to receive the ${ORGANISATION} newsletter at this address. Please confirm with the link below; until you do, we send you nothing more.`}
      </Paragraph>
      <Action href={props.confirmLink}>Confirm my subscription</Action>
      <Facts lines={[['Link expires', moment(props.expiresAt)]]} />
      <Paragraph>
        If you did not ask for it, ignore this email: without your confirmation the address is not
        subscribed.
      </Paragraph>
    </Layout>
  ),
  () => `Please confirm your subscription to the ${ORGANISATION} newsletter`,
);
