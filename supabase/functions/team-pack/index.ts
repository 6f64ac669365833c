// The team pack, downloaded from the team's page: POST { secret } → the PDF (application/pdf,
// as an attachment named team-pack-<year>-door-<n>.pdf), made here from the database's facts
// (team_pack_facts: the edition, the organiser's phone, the team and its door number) by the
// hand-written PDF writer (_shared/team-pack.ts, _shared/pdf.ts).
//
// The secret is the key, as on the team's page: anyone holding it may download. A wrong or
// expired secret answers 404 with nothing about the team; a team not yet paid in full or not yet
// ready to drive (its documents accepted), or cancelled, answers 409 with the reason in words.
// Nothing is stored: the pack is made again on each download from the facts as they stand.
import { callRpc } from '../_shared/database.ts';
import { CORS, Refusal, serve } from '../_shared/http.ts';
import { teamPackFileName, teamPackPdf, type TeamPackFacts } from '../_shared/team-pack.ts';

type Answer = TeamPackFacts | { refused: 'unknown' | 'cancelled' | 'not-paid' | 'not-ready' };

const REFUSED: Record<string, [number, string]> = {
  unknown: [404, 'This link does not open a registration. Ask for a new link on the team page.'],
  cancelled: [409, 'This registration is cancelled.'],
  'not-paid': [409, 'The team pack is ready once the balance is paid in full.'],
  'not-ready': [
    409,
    'The team pack is ready once every document is accepted and the team is ready to drive.',
  ],
};

serve(
  { name: 'team-pack', failure: 'The team pack could not be made. Please try again.' },
  async ({ body }) => {
    const secret = body.secret;
    if (typeof secret !== 'string' || secret.length > 200)
      throw new Refusal(400, 'Expected { secret: <the team page link’s secret> }', 'secret');
    const answer = await callRpc<Answer>('team_pack_facts', { secret });
    if ('refused' in answer) {
      const [status, message] = REFUSED[answer.refused] ?? [409, 'No team pack yet.'];
      throw new Refusal(status, message);
    }
    return new Response(teamPackPdf(answer), {
      status: 200,
      headers: {
        ...CORS,
        'access-control-expose-headers': 'content-disposition',
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${teamPackFileName(answer)}"`,
        'cache-control': 'no-store',
      },
    });
  },
);
