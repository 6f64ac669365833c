// Sponsors: the public reads. The admin's writes live beside them in this file.
import { publicDb, type DbClient } from './client';
import type { Sponsor } from './types';
import { contentTable } from './content-table';

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
      order: [
        { column: 'sort_order', ascending: true },
        { column: 'created_at', ascending: false },
        { column: 'id', ascending: true },
      ],
      name: [
        { column: 'name', ascending: true },
        { column: 'id', ascending: true },
      ],
      tier: [
        { column: 'tier', ascending: true },
        { column: 'sort_order', ascending: true },
        { column: 'id', ascending: true },
      ],
      newest: [
        { column: 'created_at', ascending: false },
        { column: 'id', ascending: true },
      ],
    },
    defaultSort: 'order',
  },
);
