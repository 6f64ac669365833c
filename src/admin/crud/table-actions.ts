// The data half of a manager description for a plain content table: list, save (insert or
// update by id with every form field), delete and publish, from the table's admin calls.
import type { ContentTable, ContentTableCalls } from '../../data/content-table';
import type { Insert, Row } from '../../data/types';
import type { DbClient } from '../../data/client';

export function tableActions<T extends ContentTable, V>(
  calls: ContentTableCalls<T>,
  toRow: (values: V) => Insert<T>,
) {
  return {
    list: (db: DbClient): Promise<Row<T>[]> => calls.listAll(db),
    save: (db: DbClient, values: V, editing: { id: string } | null): Promise<void> =>
      editing ? calls.update(db, editing.id, toRow(values)) : calls.insert(db, toRow(values)),
    remove: (db: DbClient, row: { id: string }): Promise<void> => calls.remove(db, row.id),
    setPublished: (db: DbClient, row: { id: string }, published: boolean): Promise<void> =>
      calls.setPublished(db, row.id, published),
  };
}
