// A list's view as React state kept in the URL (list-query.ts says how): every change is a new
// history entry, so Back returns to the view before it, and a reload keeps the view.
// (useLocation and useNavigate rather than useSearchParams: the public entry already has them,
// and react-router's code that the admin uses lands in that shared entry.)
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ListQuery } from '../../data/content-table';
import {
  changeListQuery,
  readListQuery,
  writeListQuery,
  type ListChange,
  type ListOptions,
} from './list-query';

export type ListQueryState = {
  query: ListQuery;
  /** A new view (page 1 unless the change is only of page). */
  change: (change: ListChange) => void;
  /** Shows another page in place of this one, without a history entry (a clamped page). */
  replacePage: (page: number) => void;
};

export function useListQuery(options: ListOptions): ListQueryState {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { filters, sorts, defaultSort, statuses } = options;
  const known = useMemo(
    () => ({ filters, sorts, defaultSort, ...(statuses ? { statuses } : {}) }),
    [filters, sorts, defaultSort, statuses],
  );
  const query = useMemo(() => readListQuery(new URLSearchParams(search), known), [search, known]);

  const go = useCallback(
    (params: URLSearchParams, replace: boolean) => {
      const text = params.toString();
      navigate({ pathname, search: text ? `?${text}` : '' }, { replace });
    },
    [navigate, pathname],
  );
  const change = useCallback(
    (next: ListChange) => go(writeListQuery(changeListQuery(query, next), known), false),
    [query, known, go],
  );
  const replacePage = useCallback(
    (page: number) => go(writeListQuery({ ...query, page }, known), true),
    [query, known, go],
  );
  return { query, change, replacePage };
}

/**
 * The same view held in component state, for a list inside a dialog over another list (the media
 * library picking a file for a form): the page's URL stays the page's own list's.
 */
export function useLocalListQuery(options: ListOptions): ListQueryState {
  const [query, setQuery] = useState(() => readListQuery(new URLSearchParams(), options));
  const change = useCallback(
    (next: ListChange) => setQuery((current) => changeListQuery(current, next)),
    [],
  );
  const replacePage = useCallback(
    (page: number) => setQuery((current) => ({ ...current, page })),
    [],
  );
  return { query, change, replacePage };
}
