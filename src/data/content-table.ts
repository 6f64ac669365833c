// The calls every admin content manager makes (a page of the list, all rows, insert, update,
// delete, publish, the filter options), written once. The client is a parameter: the admin
// passes its signed-in supabase-js client, whose `.from()` is the same PostgrestClient as the
// public one. Errors are thrown, so callers can show their own message.
//
// A list page is one request: search (ilike on the table's text columns, the text escaped as
// likePattern does), filters (published or draft, and equality on columns such as category,
// type or year), an order with a tie-breaker, `count=exact` and a range. A page past the end
// is clamped to the last one, so a stale URL still shows rows.
//
// Deleting moves rows to the trash (deleted_at; supabase/schemas/content.sql): every list shows the
// rows outside it, a query with `trash: true` the rows in it, most recently trashed first.
// Publishing, trashing, restoring and deleting for good take many ids: one request each.
import { likePattern, type DbClient } from './client';
import type { Insert, Row, Update } from './types';

/** Tables the admin edits as publishable content. */
export type ContentTable =
  | 'sponsors'
  | 'gallery_images'
  | 'videos'
  | 'testimonials'
  | 'events'
  | 'past_tours'
  | 'news_articles';

/**
 * The organiser's inboxes: what visitors sent, read and answered in the admin (a status and a
 * note instead of publishing). Their lists are the same lists, filtered by `status`.
 */
export type InboxTable =
  'registrations' | 'sponsorship_enquiries' | 'contact_messages' | 'newsletter_subscribers';

/** Tables an admin list pages through: the content tables, the inboxes and the media library's files. */
export type ListedTable = ContentTable | InboxTable | 'media_files';
/** Tables the list core reads a page of: those, and the audit log (no created_at of its own). */
export type PagedTable = ListedTable | 'audit_log';

type Column<T extends PagedTable> = keyof Row<T> & string;
/** Columns a view adds to its table's rows, which a list reading that view filters on. */
type DerivedColumn = 'money_state' | 'readiness';

/** One column of an order, as PostgREST takes it. */
export type OrderTerm<T extends PagedTable> = { column: Column<T>; ascending: boolean };

/** The tie-breaker every order ends in, so that pages never overlap. */
export const BY_ID: OrderTerm<ListedTable> = { column: 'id', ascending: true };
/** Most recently added first. */
export const NEWEST: readonly OrderTerm<ListedTable>[] = [
  { column: 'created_at', ascending: false },
  BY_ID,
];
/** First added first. */
export const OLDEST: readonly OrderTerm<ListedTable>[] = [
  { column: 'created_at', ascending: true },
  BY_ID,
];
/** An inbox item's way: new, then contacted, then confirmed or cancelled. */
export const INBOX_STATUSES = ['new', 'contacted', 'confirmed', 'cancelled'] as const;
// 'pending': subscribed in a box, not yet confirmed by the emailed link (supabase/schemas/newsletter.sql).
export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
/** The administrator's sort order (new rows, at 0, before older ones at the same number). */
export const ARRANGED: readonly OrderTerm<
  'gallery_images' | 'videos' | 'testimonials' | 'sponsors'
>[] = [
  { column: 'sort_order', ascending: true },
  { column: 'created_at', ascending: false },
  BY_ID,
];
/** The most recent year first, in the sort order within a year. */
export const BY_YEAR: readonly OrderTerm<'gallery_images' | 'videos' | 'testimonials'>[] = [
  { column: 'year', ascending: false },
  { column: 'sort_order', ascending: true },
  BY_ID,
];

/** What a manager's list can be searched, filtered and sorted by. */
export type ListSpec<T extends PagedTable> = {
  /**
   * The values of the table's `status` column the list filters by (an inbox); without them the
   * status is published or draft.
   */
  statuses?: readonly string[];
  /** Text columns a search matches (any of them, case-insensitively, anywhere in the text). */
  search: readonly Column<T>[];
  /**
   * A generated column with those columns' text in lower case (gallery_images.search_text): a
   * search then matches it with `like` on the lowered words, one column and no case folding per
   * row, instead of ilike on each column (3 to 4 times faster at 10,000 rows on PGlite).
   */
  searchText?: Column<T>;
  /**
   * Columns the list filters on by equality (besides published or draft); a list that reads a
   * view over the table may name the view's own columns (registrations_with_money.money_state).
   */
  filters: readonly (Column<T> | DerivedColumn)[];
  /**
   * Filter columns where a row without a value belongs to every value: a newsletter subscriber
   * (no edition) is in every edition's view of the subscribers, beside that edition's waiting list.
   */
  sharedWhenNull?: readonly (Column<T> | DerivedColumn)[];
  /** The orders the list offers, by name, each ending in a unique column. */
  sorts: Record<string, readonly OrderTerm<T>[]>;
  /** The name of the order the list starts in (and `listAll` uses). */
  defaultSort: string;
};

export type PublishedFilter = 'published' | 'draft';

/** What one page of an admin list asks for. */
export type ListQuery = {
  /** Text to find ('' for none). */
  search: string;
  /** A PublishedFilter, or one of the spec's statuses for an inbox. */
  status: string | null;
  /** Column → value ('' or missing for any); only the spec's filter columns count. */
  filters: Readonly<Record<string, string>>;
  /** A name from the spec's sorts (the default one when unknown). */
  sort: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The Trash view: only trashed rows (the list otherwise shows only the others). */
  trash?: boolean;
};

export type ListPage<R> = {
  rows: R[];
  /** Rows matching the search and filters, over all pages. */
  total: number;
  /** Rows the caller may read in the whole table, whatever the search and filters. */
  tableTotal: number;
  /** The page served: the one asked for, or the last one when that was past the end. */
  page: number;
  pageCount: number;
};

/** A filter option: a value a column holds and how many rows hold it. */
export type FacetValue = { value: string; rows: number };

/** What the admin does to many rows at once (one row is a list of one): one request each. */
export interface BatchCalls {
  setPublished(db: DbClient, ids: readonly string[], published: boolean): Promise<void>;
  /** Moves rows to the trash (the database stamps when and by whom). */
  trash(db: DbClient, ids: readonly string[]): Promise<void>;
  restore(db: DbClient, ids: readonly string[]): Promise<void>;
  /** Deletes rows for good, only ever from the trash. */
  deleteForever(db: DbClient, ids: readonly string[]): Promise<void>;
  /** Deletes every trashed row of the table for good. */
  emptyTrash(db: DbClient): Promise<void>;
}

export interface ContentTableCalls<T extends ContentTable> extends BatchCalls {
  readonly table: T;
  readonly list: ListSpec<T>;
  listPage(db: DbClient, query: ListQuery): Promise<ListPage<Row<T>>>;
  /** Every row in the default order (small tables, tests). */
  listAll(db: DbClient): Promise<Row<T>[]>;
  /** The values each filter column holds (drafts included for an administrator). */
  facets(db: DbClient): Promise<Record<string, FacetValue[]>>;
  insert(db: DbClient, row: Insert<T>): Promise<void>;
  /** Update by id with every form field. */
  update(db: DbClient, id: string, row: Insert<T>): Promise<void>;
}

/** An inbox's calls: its list, every row of a view (CSV export), a status/note change, delete. */
export interface InboxTableCalls<T extends InboxTable, R = Row<T>> {
  readonly table: T;
  readonly list: ListSpec<T>;
  listPage(db: DbClient, query: ListQuery): Promise<ListPage<R>>;
  /** Every row matching the view's search and filters, in its order (a CSV export). */
  listMatching(db: DbClient, query: ListQuery): Promise<R[]>;
  /** Changes some columns of one row (an inbox's status and note). */
  change(db: DbClient, id: string, row: Update<T>): Promise<void>;
  remove(db: DbClient, id: string): Promise<void>;
}

/** Tables ordered by hand (sort_order), which public.reorder_content accepts. */
export type OrderedTable = 'gallery_images' | 'videos' | 'testimonials' | 'sponsors';
const ORDERED: readonly ContentTable[] = ['gallery_images', 'videos', 'testimonials', 'sponsors'];

export const isOrderedTable = (table: ContentTable): table is OrderedTable =>
  ORDERED.includes(table);

/**
 * Deletes for good what has been in the trash for 30 days, in every table (public.purge_trash;
 * pg_cron runs it daily on a hosted project, the admin's Trash view on opening). Says how many.
 */
export async function purgeTrash(db: DbClient): Promise<number> {
  const { data } = await db.rpc('purge_trash', {}).throwOnError();
  return data;
}

/**
 * Writes a new order of the rows a list shows, in one call: they swap among the places they
 * held, every other row keeps its place (the function's comment in supabase/schemas/content.sql says more).
 */
export async function reorderContent(
  db: DbClient,
  table: OrderedTable,
  ids: readonly string[],
): Promise<void> {
  await db.rpc('reorder_content', { target: table, ids: [...ids] }).throwOnError();
}

/**
 * The distinct values of a column over the rows the caller may read, alphabetically (a public
 * page's filter buttons): one row per value from the content_facets view, which counts in the
 * database with the caller's rights (drafts never count for a visitor), so 10,000 rows cost what
 * 20 do.
 */
export async function listPublishedFacet(
  db: DbClient,
  table: ContentTable,
  column: string,
): Promise<string[]> {
  const { data } = await db
    .from('content_facets')
    .select('value')
    .eq('table_name', table)
    .eq('column_name', column)
    .order('value', { ascending: true })
    .throwOnError();
  const names = data.map((row) => row.value?.trim() ?? '').filter((name) => name !== '');
  return [...new Set(names)];
}

// postgrest-js cannot type `.from(table)` for a table name that is itself generic, so the
// helper sees each table through this narrow shape, which every concrete builder satisfies.
type Result<D> = PromiseLike<{ data: D }>;
type Throwing<D> = { throwOnError(): Result<D> };
type Counted<R> = PromiseLike<{
  data: R[] | null;
  count: number | null;
  error: { code: string; message: string } | null;
}>;
export interface ListFilter<R> extends Counted<R> {
  eq(column: string, value: string | boolean): ListFilter<R>;
  is(column: string, value: null): ListFilter<R>;
  not(column: string, operator: 'is', value: null): ListFilter<R>;
  or(filters: string): ListFilter<R>;
  like(column: string, pattern: string): ListFilter<R>;
  order(column: string, options: { ascending: boolean }): ListFilter<R>;
  range(from: number, to: number): ListFilter<R>;
}
interface ByIds {
  in(column: 'id', values: readonly string[]): Throwing<null> & InTrash;
}
interface InTrash {
  not(column: 'deleted_at', operator: 'is', value: null): Throwing<null>;
}
interface TableQuery<R, I, U> {
  select(columns: '*', options: { count: 'exact'; head?: boolean }): ListFilter<R>;
  insert(row: I): Throwing<null>;
  update(row: I | U): { eq(column: 'id', value: string): Throwing<null> } & ByIds;
  delete(): ByIds & InTrash;
}

/** The Trash view's order: most recently trashed first. */
const TRASH_ORDER: readonly OrderTerm<ContentTable>[] = [
  { column: 'deleted_at', ascending: false },
  BY_ID,
];

const EVERYTHING: ListQuery = {
  search: '',
  status: null,
  filters: {},
  sort: '',
  page: 1,
  pageSize: 1,
};

/** A value inside a PostgREST logic tree (`or=(…)`): quoted, so commas and brackets are text. */
function treeValue(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** The counted rows of a table (or a filtered view of one), as the list core reads them. */
export type CountedSelect<R> = (db: DbClient, options: { head: boolean }) => ListFilter<R>;

/** How a list reads a view: one page with its counts, or every matching row (an export). */
export interface ListReader<R> {
  page(db: DbClient, query: ListQuery): Promise<ListPage<R>>;
  all(db: DbClient, query: ListQuery): Promise<R[]>;
}

/**
 * The one list core, used by every content table, the inboxes and the media library: a view
 * (search, filters, status, order, page) read as a page with its counts, or whole.
 */
export function listReader<T extends PagedTable, R>(
  select: CountedSelect<R>,
  list: ListSpec<T>,
  /** Rows with deleted_at (content tables): lists show the rows outside the trash, `trash` the rest. */
  trashable = false,
): ListReader<R> {
  const orderOf = (sort: string) => list.sorts[sort] ?? list.sorts[list.defaultSort] ?? [];

  /** The rows a query's search and filters match, counted, not yet ordered or paged. */
  function matching(db: DbClient, { search, status, filters, trash }: ListQuery, head = false) {
    let request = select(db, { head });
    if (trashable)
      request = trash ? request.not('deleted_at', 'is', null) : request.is('deleted_at', null);
    const text = search.trim();
    if (text && list.searchText) {
      request = request.like(list.searchText, likePattern(text.toLowerCase()));
    } else if (text && list.search.length > 0) {
      const pattern = treeValue(likePattern(text));
      request = request.or(list.search.map((column) => `${column}.ilike.${pattern}`).join(','));
    }
    if (status && list.statuses) {
      if (list.statuses.includes(status)) request = request.eq('status', status);
    } else if (status) request = request.eq('published', status === 'published');
    for (const column of list.filters) {
      const value = filters[column];
      if (value && list.sharedWhenNull?.includes(column))
        request = request.or(`${column}.eq.${treeValue(value)},${column}.is.null`);
      else if (value) request = request.eq(column, value);
    }
    return request;
  }

  async function fetchPage(db: DbClient, listQuery: ListQuery, page: number) {
    let request = matching(db, listQuery);
    const trashView = trashable && listQuery.trash;
    for (const term of trashView ? TRASH_ORDER : orderOf(listQuery.sort))
      request = request.order(term.column, { ascending: term.ascending });
    const from = (page - 1) * listQuery.pageSize;
    return request.range(from, from + listQuery.pageSize - 1);
  }

  async function all(db: DbClient, listQuery: ListQuery): Promise<R[]> {
    // PostgREST answers at most max_rows (1,000) rows a request: read in slices of that.
    const slice = 1000;
    const rows: R[] = [];
    for (let from = 0; ; from += slice) {
      let request = matching(db, listQuery);
      for (const term of orderOf(listQuery.sort))
        request = request.order(term.column, { ascending: term.ascending });
      const answer = await request.range(from, from + slice - 1);
      if (answer.error) throw answer.error;
      const got = answer.data ?? [];
      rows.push(...got);
      if (got.length < slice || rows.length >= (answer.count ?? 0)) return rows;
    }
  }

  async function page(db: DbClient, listQuery: ListQuery): Promise<ListPage<R>> {
    const size = listQuery.pageSize;
    let page = Math.max(1, Math.floor(listQuery.page));
    const narrowed =
      listQuery.search.trim() !== '' ||
      listQuery.status !== null ||
      list.filters.some((column) => Boolean(listQuery.filters[column]));
    // The count line says how many rows the table holds: one more count, only when narrowed.
    const everything = narrowed
      ? Promise.resolve(matching(db, { ...EVERYTHING, trash: listQuery.trash }, true))
      : null;
    let answer = await fetchPage(db, listQuery, page);
    // Past the end (PostgREST answers 416, or an empty page): serve the last page instead.
    const pastEnd =
      answer.error?.code === 'PGRST103' || (!answer.error && page > 1 && !answer.data?.length);
    if (pastEnd) {
      const counted = await matching(db, listQuery, true);
      if (counted.error) throw counted.error;
      page = Math.max(1, Math.ceil((counted.count ?? 0) / size));
      answer = await fetchPage(db, listQuery, page);
    }
    if (answer.error) throw answer.error;
    const rows = answer.data ?? [];
    const total = answer.count ?? rows.length;
    const all = everything ? await everything : null;
    if (all?.error) throw all.error;
    return {
      rows,
      total,
      tableTotal: all ? (all.count ?? 0) : total,
      page,
      pageCount: Math.max(1, Math.ceil(total / size)),
    };
  }

  return { page, all };
}

/** A page of a list for a view: the list core's page reader alone. */
export function listPager<T extends PagedTable, R>(
  select: CountedSelect<R>,
  list: ListSpec<T>,
  trashable = false,
): ListReader<R>['page'] {
  return listReader<T, R>(select, list, trashable).page;
}

export function inboxTable<T extends InboxTable, R = Row<T>>(
  table: T,
  query: (db: DbClient) => TableQuery<Row<T>, Insert<T>, Update<T>>,
  list: ListSpec<T>,
  /** Where the list reads, when not the table: a view of its rows with derived columns. */
  read?: CountedSelect<R>,
): InboxTableCalls<T, R> {
  const reader = listReader<T, R>(
    read ??
      ((db, { head }) =>
        query(db).select('*', { count: 'exact', head }) as unknown as ListFilter<R>),
    list,
  );
  return {
    table,
    list,
    listPage: reader.page,
    listMatching: reader.all,
    async change(db, id, row) {
      await query(db).update(row).eq('id', id).throwOnError();
    },
    async remove(db, id) {
      await query(db).delete().in('id', [id]).throwOnError();
    },
  };
}

export function contentTable<T extends ContentTable>(
  table: T,
  query: (db: DbClient) => TableQuery<Row<T>, Insert<T>, Update<T>>,
  list: ListSpec<T>,
): ContentTableCalls<T> {
  const orderOf = (sort: string) => list.sorts[sort] ?? list.sorts[list.defaultSort] ?? [];

  return {
    table,
    list,
    listPage: listPager<T, Row<T>>(
      (db, { head }) => query(db).select('*', { count: 'exact', head }),
      list,
      true,
    ),
    async listAll(db) {
      let request = query(db).select('*', { count: 'exact' }).is('deleted_at', null);
      for (const term of orderOf(list.defaultSort))
        request = request.order(term.column, { ascending: term.ascending });
      const { data, error } = await request;
      if (error) throw error;
      return data ?? [];
    },
    async facets(db) {
      if (list.filters.length === 0) return {};
      const { data } = await db
        .from('content_facets')
        .select('column_name, value, row_count')
        .eq('table_name', table)
        .order('value', { ascending: true })
        .throwOnError();
      const byColumn: Record<string, FacetValue[]> = {};
      for (const facet of data) {
        if (facet.column_name === null || facet.value === null) continue;
        (byColumn[facet.column_name] ??= []).push({
          value: facet.value,
          rows: facet.row_count ?? 0,
        });
      }
      return byColumn;
    },
    async insert(db, row) {
      await query(db).insert(row).throwOnError();
    },
    async update(db, id, row) {
      await query(db).update(row).eq('id', id).throwOnError();
    },
    async setPublished(db, ids, published) {
      // Every content row has `published` and `deleted_at`; Update<T> is Partial<Row<T>>.
      const change = { published } as Update<T>;
      await query(db).update(change).in('id', ids).throwOnError();
    },
    async trash(db, ids) {
      // Any time marks the row trashed: the database stamps its own clock and the caller.
      const change = { deleted_at: new Date().toISOString() } as Update<T>;
      await query(db).update(change).in('id', ids).throwOnError();
    },
    async restore(db, ids) {
      const change = { deleted_at: null } as Update<T>;
      await query(db).update(change).in('id', ids).throwOnError();
    },
    async deleteForever(db, ids) {
      await query(db).delete().in('id', ids).not('deleted_at', 'is', null).throwOnError();
    },
    async emptyTrash(db) {
      await query(db).delete().not('deleted_at', 'is', null).throwOnError();
    },
  };
}
