/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// A mailing an administrator wrote on the admin's "Mailings" screen (the `mailings` function sends
// it): the subject, the message as written in the news editor (its HTML, sanitised by the screen
// with the news rules, src/lib/sanitize.ts, before it was stored) and, on marketing mail (to the
// newsletter's subscribers), a visible unsubscribe link. A mailing to an edition's teams or
// waiting list is a service message about their rally and carries none.
import { Link } from 'npm:@react-email/components@1.0.12';
import { Layout, Paragraph } from './layout.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts } from './types.ts';

export type MailingProps = Framed & {
  /** The edition the audience belongs to; absent for the subscribers. */
  edition?: EditionFacts;
  subject: string;
  /** The message's HTML as stored (sanitised when it was written). */
  body: string;
  /** Marketing only: the unsubscribe page's address for this recipient. */
  unsubscribe?: { pageUrl: string };
};

const footer = { fontSize: '13px', lineHeight: '20px', color: '#475569', margin: '16px 0 0' };

export const Mailing = template(
  (props: MailingProps) => (
    <Layout edition={props.edition} site={props.site} preview={props.subject}>
      <div dangerouslySetInnerHTML={{ __html: props.body }} />
      {props.unsubscribe && (
        <Paragraph>
          <span style={footer}>
            {'You receive this because you subscribed to our news. '}
            <Link href={props.unsubscribe.pageUrl}>Unsubscribe</Link>
          </span>
        </Paragraph>
      )}
    </Layout>
  ),
  ({ subject }) => subject,
);
