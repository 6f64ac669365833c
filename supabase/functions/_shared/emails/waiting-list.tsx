/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The waiting list's emails: the acknowledgement of joining (with the place in the queue) and the
// offer of a freed place, whose personal link (`<site>/sign-up/offer/<secret>`, the secret made
// and hashed by the database when the email is claimed) opens the sign-up for that place until
// the offer expires. The name is the one the person typed into the waiting list's form; an entry
// carried over from the old box has none.
import { Action, Facts, Layout, Paragraph } from './layout.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts } from './types.ts';
import { dates, moment } from './wording.ts';

const greeting = (name: string | null) => (name ? `Dear ${name},` : 'Hello,');

export type WaitingListJoinedProps = Framed & {
  edition: EditionFacts;
  name: string | null;
  /** 1 for the first in the queue. */
  position: number;
};

export const WaitingListJoined = template(
  (props: WaitingListJoinedProps) => (
    <Layout edition={props.edition} site={props.site} preview="You are on the waiting list">
      <Paragraph>{greeting(props.name)}</Paragraph>
      <Paragraph>
        {`You are on the waiting list for the ${props.edition.name} (${dates(props.edition)}), number ${props.position} in the queue.`}
      </Paragraph>
      <Paragraph>
        If a place becomes free and you are first in the queue, we will email you a personal link to
        register for it. The offer is yours for a limited time, then it passes to the next person.
      </Paragraph>
    </Layout>
  ),
  ({ edition }) => `You are on the waiting list for the ${edition.name}`,
);

export type WaitingListOfferProps = Framed & {
  edition: EditionFacts;
  name: string | null;
  /** The whole address: `<site>/sign-up/offer/<secret>`. */
  offerLink: string;
  /** When the offer expires (a timestamp). */
  expiresAt: string;
};

export const WaitingListOffer = template(
  (props: WaitingListOfferProps) => (
    <Layout edition={props.edition} site={props.site} preview="A place is free for you">
      <Paragraph>{greeting(props.name)}</Paragraph>
      <Paragraph>
        {`A place has become free on the ${props.edition.name} (${dates(props.edition)}), and it is yours if you want it. Register with the link below and pay the deposit to take it.`}
      </Paragraph>
      <Action href={props.offerLink}>Register for your place</Action>
      <Facts lines={[['Offer expires', moment(props.expiresAt)]]} />
      <Paragraph>
        {`The offer expires on ${moment(props.expiresAt)}; after that the place goes to the next person waiting. If you no longer want it, the same link lets you decline, so that it goes on at once. Keep the link to yourself: it registers for your place.`}
      </Paragraph>
    </Layout>
  ),
  ({ edition }) => `A place is free for you on the ${edition.name}`,
);
