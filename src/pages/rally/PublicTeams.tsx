// The edition's public teams list, a section of its rally page (/{year}-rally#teams, the current
// edition's and a finished one's alike): the teams
// that agreed on their own page to be shown, paid the deposit and are not cancelled, with their
// car and their JustGiving or Enthuse page and target (public_teams: nothing personal). Loaded in
// the browser, not prerendered: teams join the list between builds. Until a team is listed the
// section is not shown, and it comes last, so nothing above it moves when it appears.
import { ExternalLink } from 'lucide-react';
import { Section } from '../../components/PageHero';
import { useDb } from '../../data/dbContext';
import { getPublicTeams, isFundraisingUrl, type PublicTeam } from '../../data/fundraising';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';

function car(team: PublicTeam): string {
  return [team.vehicle_make, team.vehicle_model].filter((part) => part.trim() !== '').join(' ');
}

export function PublicTeams({ year, finished = false }: { year: number; finished?: boolean }) {
  const db = useDb();
  const { data } = useLoad(`public-teams-${year}`, () => getPublicTeams(year, db), { empty: [] });
  if (data.length === 0) return null;
  return (
    <Section
      className="bg-white"
      title="The teams"
      id="teams"
      intro={
        finished
          ? 'The teams who drove, and the fundraising pages they raised money through.'
          : 'The teams on the road, and the fundraising pages they raise money through.'
      }
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.map((team, index) => (
          <li
            key={`${team.team_name}-${index}`}
            className="rounded-2xl border border-slate-200 p-5 shadow-sm"
          >
            <p className="font-bold text-ink">{team.team_name || 'A team'}</p>
            {car(team) ? <p className="mt-1 text-ink-muted">{car(team)}</p> : null}
            {team.fundraising_target_pence !== null ? (
              <p className="mt-1 text-ink-muted">
                Target: {formatMoney(team.fundraising_target_pence)}
              </p>
            ) : null}
            {/* The database allows only these hosts; checked again so no other address is linked. */}
            {isFundraisingUrl(team.fundraising_url) ? (
              <a
                href={team.fundraising_url}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="mt-3 inline-flex items-center gap-1 font-semibold text-blue-800 underline"
              >
                Sponsor {team.team_name || 'this team'}
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
