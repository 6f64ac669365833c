// A list's view as React state kept in the URL (list-query.ts says how): every change is a new
// history entry, so Back returns to the view before it, and a reload keeps the view.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
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
  const [params, setParams] = useSearchParams();
  const { filters, sorts, defaultSort } = options;
  const known = useMemo(() => ({ filters, sorts, defaultSort }), [filters, sorts, defaultSort]);
  const query = useMemo(() => readListQuery(params, known), [params, known]);

  const change = useCallback(
    (next: ListChange) => setParams(writeListQuery(changeListQuery(query, next), known)),
    [query, known, setParams],
  );
  const replacePage = useCallback(
    (page: number) => setParams(writeListQuery({ ...query, page }, known), { replace: true }),
    [query, known, setParams],
  );
  return { query, change, replacePage };
}
