// The team's fundraising page and the team pack, on the team's page, and the edition's public
// teams list (supabase/schemas/registrations.sql: team_fundraising, update_team_fundraising, public_teams;
// the team-pack Edge Function). The fundraising page is a JustGiving or Enthuse address
// (isFundraisingUrl: the database's rule, said in the browser first), with a target in pence and
// the team's consent to be shown on the public list.
import { publicDb, type DbClient } from './client';
import { throwIfRefused } from './submissions';
import { env } from '../config/env';
import type { Pence } from '../../supabase/functions/_shared/formats/money';

/** What team_fundraising(secret) answers. */
export type TeamFundraising = {
  fundraising_url: string;
  fundraising_target_pence: Pence | null;
  show_on_teams_list: boolean;
  door_number: number | null;
  editable: boolean;
};

/** One team of public_teams(year): nothing personal. */
export type PublicTeam = {
  team_name: string;
  vehicle_make: string;
  vehicle_model: string;
  fundraising_url: string;
  fundraising_target_pence: Pence | null;
};

/**
 * An https address on justgiving.com or enthuse.com (or a subdomain), no user, port or other
 * host: private.is_fundraising_url's rule, so the form says it before the database does.
 */
export function isFundraisingUrl(address: string): boolean {
  return (
    address.length <= 500 &&
    /^https:\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*(justgiving|enthuse)\.com(\/[!#$%&'()*+,./0-9:;=?@A-Z_a-z~-]*)?$/i.test(
      address,
    )
  );
}

export async function getTeamFundraising(
  secret: string,
  db: DbClient = publicDb,
): Promise<TeamFundraising | null> {
  const { data } = await db.rpc('team_fundraising', { secret }).throwOnError();
  return (data as TeamFundraising | null) ?? null;
}

/** Saves the page, target and consent; throws a SubmissionError naming a refused field. */
export async function updateTeamFundraising(
  secret: string,
  details: { url: string; targetPence: Pence | null; showOnTeamsList: boolean },
  db: DbClient = publicDb,
): Promise<TeamFundraising | null> {
  const answer = await db.rpc('update_team_fundraising', {
    secret,
    details: {
      fundraising_url: details.url.trim(),
      fundraising_target_pence: details.targetPence,
      show_on_teams_list: details.showOnTeamsList,
    },
  });
  throwIfRefused(answer);
  return (answer.data as TeamFundraising | null) ?? null;
}

export async function getPublicTeams(year: number, db: DbClient = publicDb): Promise<PublicTeam[]> {
  const { data } = await db.rpc('public_teams', { year }).throwOnError();
  return (data as PublicTeam[] | null) ?? [];
}

export const TEAM_PACK_UNREACHABLE = 'The team pack could not be downloaded. Please try again.';

/**
 * The team pack's PDF and its file name. A plain fetch, not the functions client: that client
 * reads an answer it does not know as text, which would spoil the PDF's bytes. Throws an Error
 * whose message is the function's sentence (not paid in full, not ready) or TEAM_PACK_UNREACHABLE.
 */
export async function downloadTeamPack(secret: string): Promise<{ file: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(`${env.supabaseUrl}/functions/v1/team-pack`, {
      method: 'POST',
      headers: {
        apikey: env.supabaseAnonKey,
        authorization: `Bearer ${env.supabaseAnonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ secret }),
    });
  } catch {
    throw new Error(TEAM_PACK_UNREACHABLE);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
    throw new Error(typeof answer.error === 'string' ? answer.error : TEAM_PACK_UNREACHABLE);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'team-pack.pdf';
  return { file: await response.blob(), name };
}
