// The data half of a manager description for a plain content table: its list (a page for a
// view, the filter options, the screen's words for the spec's filters and orders), save (insert
// or update by id with every form field), delete and publish, from the table's admin calls.
import {
  isOrderedTable,
  type ContentTable,
  type ContentTableCalls,
} from '../../data/content-table';
import type { Insert } from '../../data/types';
import type { DbClient } from '../../data/client';
import type { ListView } from './types';

/** The screen's words for a table's list: labels for its search, filters and orders. */
export type ListLabels = {
  search: string;
  /** Filter column → [label, the "any value" option]: { category: ['Category', 'All categories'] }. */
  filters?: Readonly<Record<string, readonly [string, string]>>;
  /** Sort name → label, in the order the select offers them. */
  sorts: Readonly<Record<string, string>>;
};

/**
 * The list view of a table's spec in the given words. A filter or order the spec has but the
 * words lack is shown by its column name (managers.test.ts checks that none is missing).
 */
export function listViewOf<T extends ContentTable>(
  calls: Pick<ContentTableCalls<T>, 'list'>,
  labels: ListLabels,
): ListView {
  const { list } = calls;
  const sortNames = [
    list.defaultSort,
    ...Object.keys(labels.sorts).filter((name) => name !== list.defaultSort),
    ...Object.keys(list.sorts).filter((name) => !(name in labels.sorts)),
  ].filter((name, index, all) => name in list.sorts && all.indexOf(name) === index);
  return {
    searchLabel: labels.search,
    filters: list.filters.map((column) => {
      const [label, all] = labels.filters?.[column] ?? [column, 'All'];
      return { column, label, all };
    }),
    sorts: sortNames.map((name) => ({ value: name, label: labels.sorts[name] ?? name })),
  };
}

export function tableActions<T extends ContentTable, V>(
  calls: ContentTableCalls<T>,
  toRow: (values: V) => Insert<T>,
  labels: ListLabels,
) {
  return {
    listPage: calls.listPage,
    facets: calls.facets,
    listView: listViewOf(calls, labels),
    save: (db: DbClient, values: V, editing: { id: string } | null): Promise<void> =>
      editing ? calls.update(db, editing.id, toRow(values)) : calls.insert(db, toRow(values)),
    batch: calls,
    ...orderingOf(calls),
  };
}

/** Tables ordered by hand are moved in their default ('order', by sort_order) view. */
export function orderingOf(calls: ContentTableCalls<ContentTable>) {
  const { table } = calls;
  return isOrderedTable(table) ? { ordering: { table, sort: calls.list.defaultSort } } : {};
}
