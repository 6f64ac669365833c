/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The emails about the documents the terms require (issue 25): the reminder of what is still
// missing or to fix (60, 30 and 14 days before the start: one template, the days a prop) and the
// organiser's rejection of a file, with the reason. They go to the lead driver of a registration
// whose deposit is paid, so they may name the team and the driver; React escapes them, and the
// organiser's reason too.
import { Facts, Layout, Paragraph } from './layout.tsx';
import { TeamPageBlock } from './team-page.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts, TeamPage } from './types.ts';
import { days, longDate } from './wording.ts';

type AboutTeam = Framed & {
  edition: EditionFacts;
  reference: string;
  leadDriverName: string;
  teamName: string;
  teamPage: TeamPage;
};

export type DocumentsReminderProps = AboutTeam & {
  /** What is still to send or to fix, as the database labels it (a rejection with its reason). */
  missing: string[];
  /** Days from the reminder to the start: 60, 30 or 14 (the reminders' schedule decides). */
  daysLeft: number;
};

export const DocumentsReminder = template(
  (props: DocumentsReminderProps) => (
    <Layout edition={props.edition} site={props.site} preview="Documents still needed">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`The ${props.edition.name} starts on ${longDate(props.edition.startDate)}, in ${days(props.daysLeft)}. Before ${props.teamName || 'your team'} can drive, we still need:`}
      </Paragraph>
      {props.missing.map((item) => (
        <Paragraph key={item}>{`• ${item}`}</Paragraph>
      ))}
      <Paragraph>
        Please add them on your team page: the details in the Documents section, and a photo or PDF
        of each document.
      </Paragraph>
      <TeamPageBlock teamPage={props.teamPage} />
      <Facts lines={[['Reference', props.reference]]} />
    </Layout>
  ),
  ({ edition, daysLeft }) => `${edition.name}: documents still needed, ${days(daysLeft)} to go`,
);

export type DocumentRejectedProps = AboutTeam & {
  /** The document's label ("Insurance certificate"). */
  document: string;
  fileName: string;
  /** The organiser's reason, as typed. */
  reason: string;
};

export const DocumentRejected = template(
  (props: DocumentRejectedProps) => (
    <Layout edition={props.edition} site={props.site} preview="A document needs replacing">
      <Paragraph>{`Dear ${props.leadDriverName},`}</Paragraph>
      <Paragraph>
        {`We have checked the ${props.document.toLowerCase()} you sent for the ${props.edition.name} and cannot accept it:`}
      </Paragraph>
      <Paragraph>{props.reason}</Paragraph>
      <Paragraph>Please send a new one on your team page.</Paragraph>
      <TeamPageBlock teamPage={props.teamPage} />
      <Facts
        lines={[
          ['Document', props.document],
          ['File', props.fileName],
          ['Reference', props.reference],
        ]}
      />
    </Layout>
  ),
  ({ edition, document }) => `${edition.name}: your ${document.toLowerCase()} needs replacing`,
);
