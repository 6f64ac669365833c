// "Ready to drive: N of M" on the Editions screen (issue 25): of an edition's teams that paid a
// deposit and have not cancelled, how many have every document accepted and every detail given
// (edition_readiness(), the rule the inbox's Readiness column follows). Each edition asks for its
// own count, so a count that fails to load leaves the rest of the screen as it is.
import type { DbClient } from '../../data/client';
import {
  getEditionReadiness,
  type EditionReadiness as Counts,
} from '../../data/teamDocumentsAdmin';
import { useLoad } from '../../lib/useLoad';

export function EditionReadiness({ db, editionId }: { db: DbClient; editionId: string }) {
  const { data, loading, failed } = useLoad<Counts | null>(
    `edition-readiness:${editionId}`,
    () => getEditionReadiness(db, editionId),
    { empty: null },
  );
  let text: string;
  if (loading) text = 'Ready to drive: counting...';
  else if (failed || !data) text = 'Ready to drive: could not be counted.';
  else text = `Ready to drive: ${data.ready} of ${data.total}`;
  return <p className="mt-1 text-sm text-slate-700">{text}</p>;
}
