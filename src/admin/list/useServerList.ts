// The one way an admin screen holds a list it shows: a page from the server for a view
// (useServerList: content managers, inboxes, audit log, media library), or a short list shown
// whole (useWholeList: the administrators). Both say the same things the same way, for ListBody
// to draw: loading, could not load (with nothing to show), failed (while still showing what was
// shown: useLoad never takes it away), busy, nothing at all, and `reload` after a change.
//
// A paged list also keeps the URL honest: a `?page=` past the end is served as the last page
// (the data core's list reader does that), and the view then says that page too, replacing the
// history entry rather than adding one, so Back does not return to the page that never was.
import { useEffect, useMemo } from 'react';
import type { ListPage, ListQuery } from '../../data/content-table';
import { useLoad } from '../../lib/useLoad';
import { isNarrowed, type ListChange } from './list-query';
import type { ListQueryState } from './useListQuery';

/** What a paged list adds: its view, the page served, and how to change the view. */
export type ListPaging = {
  query: ListQuery;
  /** The page shown (its rows, counts and number); `empty` while nothing was loaded. */
  page: ListPage<unknown>;
  /** The view narrows the list (search, status, filter): an empty page means "no matches". */
  narrowed: boolean;
  change: (change: ListChange) => void;
};

/** A list as ListBody draws it. */
export type ShownList<R> = {
  rows: readonly R[];
  /** Nothing is shown yet: the first load of this view is running. */
  loading: boolean;
  /** A load or reload is running while rows are shown. */
  busy: boolean;
  /** The last load failed; the rows are what was shown before it (none when nothing was). */
  failed: boolean;
  /** The last load failed and nothing was shown before it: the screen offers Retry instead. */
  unavailable: boolean;
  /** The list holds nothing at all (not a view that matches nothing): the screen's empty state. */
  none: boolean;
  /** Loads the view again, keeping what is shown until the answer comes (after every change). */
  reload: () => void;
  paging?: ListPaging;
};

export type ServerList<R> = ShownList<R> & {
  view: ListQueryState;
  query: ListQuery;
  page: ListPage<R>;
  narrowed: boolean;
  paging: ListPaging;
};

/**
 * A page of a list from the server for the view `view` holds (useListQuery for a screen, whose
 * view is in the URL; useLocalListQuery for a list in a dialog). `name` names the loads
 * ('Gallery Manager', 'audit'); the view is added to it, so each view is its own load, and the
 * rows of the previous view stay shown while the next one loads.
 */
export function useServerList<R>({
  name,
  view,
  load,
}: {
  name: string;
  view: ListQueryState;
  load: (query: ListQuery) => Promise<ListPage<R>>;
}): ServerList<R> {
  const { query, change, replacePage } = view;
  const empty = useMemo<ListPage<R>>(
    () => ({ rows: [], total: 0, tableTotal: 0, page: query.page, pageCount: 1 }),
    [query.page],
  );
  const list = useLoad(`${name}?${JSON.stringify(query)}`, () => load(query), {
    empty,
    keepPrevious: true,
  });

  // A page past the end was served as the last page: the view says so too.
  const served = list.stale || list.failed ? null : list.data.page;
  useEffect(() => {
    if (served !== null && served !== query.page) replacePage(served);
  }, [served, query.page, replacePage]);

  const page = list.data;
  const narrowed = isNarrowed(query);
  const unavailable = list.failed && page === empty;
  return {
    view,
    query,
    page,
    narrowed,
    rows: page.rows,
    loading: list.loading,
    busy: list.busy,
    failed: list.failed,
    unavailable,
    none: !list.loading && !unavailable && !narrowed && page.tableTotal === 0,
    reload: list.reload,
    paging: { query, page, narrowed, change },
  };
}

/** A short list loaded and shown whole (no view, no pages), with the same states. */
export function useWholeList<R>(name: string, load: () => Promise<R[]>): ShownList<R> {
  const empty = useMemo<R[]>(() => [], []);
  const list = useLoad(name, load, { empty });
  const unavailable = list.failed && list.data === empty;
  return {
    rows: list.data,
    loading: list.loading,
    busy: list.busy,
    failed: list.failed,
    unavailable,
    none: !list.loading && !unavailable && list.data.length === 0,
    reload: list.reload,
  };
}
