// The audit log (supabase/schemas/admin.sql): one page of entries for the Audit log screen, newest
// first, searched by label and filtered by table, actor or item (a row's id), read by the list
// core every admin list uses (content-table.ts: counted, a page past the end served as the
// last); and the actors the filter offers. Only administrators read it.
import type { DbClient } from './client';
import {
  listPager,
  type FacetValue,
  type ListPage,
  type ListQuery,
  type ListSpec,
} from './content-table';
import type { Row } from './types';

export type AuditEntry = Row<'audit_log'>;

/** The filters the screen offers, by column. */
export const AUDIT_FILTERS = ['table_name', 'actor_email', 'row_id'] as const;

/** The log's list for the list core: search by label, filter by table, actor or item, two orders. */
export const auditList: ListSpec<'audit_log'> = {
  search: ['label'],
  filters: AUDIT_FILTERS,
  sorts: {
    newest: [
      { column: 'at', ascending: false },
      { column: 'id', ascending: false },
    ],
    oldest: [
      { column: 'at', ascending: true },
      { column: 'id', ascending: true },
    ],
  },
  defaultSort: 'newest',
};

/** One page of the log for a view; a page past the end is served as the last one. */
export const listAuditPage: (db: DbClient, query: ListQuery) => Promise<ListPage<AuditEntry>> =
  listPager<'audit_log', AuditEntry>(
    (db, { head }) => db.from('audit_log').select('*', { count: 'exact', head }),
    auditList,
  );

/** Who appears in the log, for the actor filter ('' is the system: seeds, scheduled jobs). */
export async function listAuditActors(db: DbClient): Promise<FacetValue[]> {
  const { data } = await db
    .from('audit_actors')
    .select('actor_email, entries')
    .order('actor_email')
    .throwOnError();
  return data.flatMap((actor) =>
    actor.actor_email ? [{ value: actor.actor_email, rows: actor.entries ?? 0 }] : [],
  );
}
