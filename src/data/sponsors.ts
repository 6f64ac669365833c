// Sponsors: the public reads. The admin's writes live beside them in this file.
import { publicDb, type DbClient } from './client';
import type { Sponsor } from './types';
import { ARRANGED, NEWEST, BY_ID, contentTable } from './content-table';

/** Published sponsors in the order the administrator chose. */
export async function listPublishedSponsors(db: DbClient = publicDb): Promise<Sponsor[]> {
  const { data } = await db
    .from('sponsors')
    .select('*')
    .eq('published', true)
    .order('sort_order', { ascending: true })
    .throwOnError();
  return data;
}

/** 'tier 1' in any letter case is the headline tier that gets a double-width card. */
export function isHeadlineSponsor(sponsor: Pick<Sponsor, 'tier'>): boolean {
  return sponsor.tier.trim().toLowerCase() === 'tier 1';
}

/** Every sponsor, drafts included, and the administrator's writes. */
export const sponsorsAdmin = /* @__PURE__ */ contentTable<'sponsors'>(
  'sponsors',
  (db) => db.from('sponsors'),
  {
    search: ['name', 'website_url'],
    filters: ['tier'],
    sorts: {
      order: ARRANGED,
      name: [{ column: 'name', ascending: true }, BY_ID],
      tier: [{ column: 'tier', ascending: true }, { column: 'sort_order', ascending: true }, BY_ID],
      newest: NEWEST,
    },
    defaultSort: 'order',
  },
);
