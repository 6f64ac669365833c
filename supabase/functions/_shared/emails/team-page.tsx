/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The team's own page: the email that sends its link ("Email me my link" on /my-registration),
// and the block the other emails add when they carry the link. Sent to the address on a
// registration at the request of whoever typed it, so it says no text a visitor typed (no team
// or driver name): only the edition's facts and the link.
import { Action, Layout, Paragraph } from './layout.tsx';
import { template, type Framed } from './template.ts';
import type { EditionFacts, TeamPage } from './types.ts';
import { dates, longDate } from './wording.ts';

/**
 * The link, what it opens, and until when it works. On the co-driver's copy it is the co-driver's
 * own link, and says so: it opens their driver section, not the team's page.
 */
export function TeamPageBlock({ teamPage }: { teamPage: TeamPage }) {
  if (teamPage.forCoDriver)
    return (
      <>
        <Paragraph>
          You receive a copy of this email because you are named as the co-driver. Your own link
          opens your driver section, where you can keep your name, email and phone up to date.
        </Paragraph>
        <Action href={teamPage.link}>Open your driver section</Action>
        <Paragraph>
          {`The link works until ${longDate(teamPage.expiresOn)}. Keep it to yourself: anyone with it can change your details.`}
        </Paragraph>
      </>
    );
  return (
    <>
      <Paragraph>
        Your team page shows your registration and what is due. There you can pay the balance,
        change your details or cancel.
      </Paragraph>
      <Action href={teamPage.link}>Open your team page</Action>
      <Paragraph>
        {`The link works until ${longDate(teamPage.expiresOn)}. Keep it to yourself: anyone with it can see and change your registration.`}
      </Paragraph>
    </>
  );
}

export type TeamLinkProps = Framed & { edition: EditionFacts; teamPage: TeamPage };

export const TeamLink = template(
  (props: TeamLinkProps) => (
    <Layout edition={props.edition} site={props.site} preview="Your team page">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`Here is the link to your team page for the ${props.edition.name} (${dates(props.edition)}).`}
      </Paragraph>
      <TeamPageBlock teamPage={props.teamPage} />
      <Paragraph>If you did not ask for this link, you can ignore this email.</Paragraph>
    </Layout>
  ),
  ({ edition }) => `Your team page for the ${edition.name}`,
);
