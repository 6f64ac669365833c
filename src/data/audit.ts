// The audit log (migration 20260303000100): one page of entries for the Audit log screen, newest
// first, searched by label and filtered by table, actor or item (a row's id), counted for the
// pages like every admin list; and the actors the filter offers. Only administrators read it.
import { likePattern, type DbClient } from './client';
import type { FacetValue, ListPage, ListQuery } from './content-table';
import type { Row } from './types';

export type AuditEntry = Row<'audit_log'>;

/** The filters the screen offers, by column. */
export const AUDIT_FILTERS = ['table_name', 'actor_email', 'row_id'] as const;
export const AUDIT_SORTS = { newest: false, oldest: true } as const;

export async function listAuditPage(db: DbClient, query: ListQuery): Promise<ListPage<AuditEntry>> {
  const size = query.pageSize;
  const page = Math.max(1, Math.floor(query.page));
  let request = db.from('audit_log').select('*', { count: 'exact' });
  const text = query.search.trim();
  if (text) request = request.ilike('label', likePattern(text));
  for (const column of AUDIT_FILTERS) {
    const value = query.filters[column];
    if (value) request = request.eq(column, value);
  }
  const ascending = query.sort === 'oldest';
  const from = (page - 1) * size;
  const { data, count } = await request
    .order('at', { ascending })
    .order('id', { ascending })
    .range(from, from + size - 1)
    .throwOnError();
  const total = count ?? data.length;
  return {
    rows: data,
    total,
    tableTotal: total,
    page,
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
}

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
