// The admin dashboard's counts of new items in each inbox (the inbox_counts view: registrations,
// enquiries and messages with status 'new', subscribers of the last 7 days), in one request.
import type { DbClient } from './client';

export type InboxName = 'registrations' | 'enquiries' | 'messages' | 'subscribers';

export async function getInboxCounts(db: DbClient): Promise<Partial<Record<InboxName, number>>> {
  const { data } = await db.from('inbox_counts').select('inbox, new_items').throwOnError();
  const counts: Partial<Record<InboxName, number>> = {};
  for (const { inbox, new_items } of data)
    if (inbox !== null) counts[inbox as InboxName] = new_items ?? 0;
  return counts;
}
