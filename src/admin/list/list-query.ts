// An admin list's view (search, status, filters, sort, page, rows per page) kept in the URL's
// search parameters, so that Back and reload return to the same view and a view can be shared:
//   /admin/gallery?q=alps&status=draft&category=2025+Rally&sort=title&page=2&size=50
// The manager's Trash is a view of the same list: /admin/gallery?view=trash.
// Reading never fails: anything unknown or malformed falls back to the default, and only the
// non-default parts are written back, so the plain path is the default view.
import type { ListQuery, PublishedFilter } from '../../data/content-table';

/** What a list offers: the names its data spec knows. */
export type ListOptions = {
  /** The statuses the list filters by (an inbox's); published or draft when absent. */
  statuses?: readonly string[];
  filters: readonly string[];
  sorts: readonly string[];
  defaultSort: string;
};

export const PAGE_SIZES = [20, 50] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** Parameter names that are not filter columns (a filter column must not take one of them). */
const RESERVED = {
  search: 'q',
  status: 'status',
  sort: 'sort',
  page: 'page',
  size: 'size',
  view: 'view',
};
const TRASH_VIEW = 'trash';

const reserved = new Set(Object.values(RESERVED));
const filterColumns = (options: ListOptions) =>
  options.filters.filter((column) => !reserved.has(column));

const STATUSES: readonly PublishedFilter[] = ['published', 'draft'];

export function readListQuery(params: URLSearchParams, options: ListOptions): ListQuery {
  const status = params.get(RESERVED.status);
  const sort = params.get(RESERVED.sort);
  const page = Number(params.get(RESERVED.page));
  const size = Number(params.get(RESERVED.size));
  const filters: Record<string, string> = {};
  for (const column of filterColumns(options)) {
    const value = params.get(column)?.trim();
    if (value) filters[column] = value;
  }
  return {
    search: params.get(RESERVED.search)?.trim() ?? '',
    status: (options.statuses ?? STATUSES).find((known) => known === status) ?? null,
    filters,
    sort: sort && options.sorts.includes(sort) ? sort : options.defaultSort,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZES.find((known) => known === size) ?? DEFAULT_PAGE_SIZE,
    trash: params.get(RESERVED.view) === TRASH_VIEW,
  };
}

/** The search parameters of a view: only what differs from the default view. */
export function writeListQuery(query: ListQuery, options: ListOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set(RESERVED.search, query.search.trim());
  if (query.status) params.set(RESERVED.status, query.status);
  for (const column of filterColumns(options)) {
    const value = query.filters[column]?.trim();
    if (value) params.set(column, value);
  }
  if (query.sort !== options.defaultSort && options.sorts.includes(query.sort))
    params.set(RESERVED.sort, query.sort);
  if (query.page > 1) params.set(RESERVED.page, String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set(RESERVED.size, String(query.pageSize));
  if (query.trash) params.set(RESERVED.view, TRASH_VIEW);
  return params;
}

export type ListChange = Partial<Omit<ListQuery, 'page'>> & { page?: number };

/**
 * The view after a change. Anything but a change of page starts again at page 1: the old page
 * number means nothing in a different result.
 */
export function changeListQuery(query: ListQuery, change: ListChange): ListQuery {
  const { page, ...rest } = change;
  const next = { ...query, ...rest, filters: { ...query.filters, ...rest.filters } };
  const refined = Object.keys(rest).length > 0;
  return { ...next, page: page ?? (refined ? 1 : query.page) };
}

/** Whether the view narrows the list (a search, status or filter), so an empty answer means "no matches". */
export function isNarrowed(query: ListQuery): boolean {
  return (
    query.search.trim() !== '' ||
    query.status !== null ||
    Object.values(query.filters).some((value) => value.trim() !== '')
  );
}

/**
 * The same view without its search, status and filters (sort and page size stay). Each filter is
 * set to '' rather than dropped: a change merges filters into the view's (changeListQuery), so
 * a filter left out would stay.
 */
export function clearedListQuery(query: ListQuery): ListQuery {
  const filters = Object.fromEntries(Object.keys(query.filters).map((column) => [column, '']));
  return { ...query, search: '', status: null, filters, page: 1 };
}
