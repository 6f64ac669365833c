// The calls every admin content manager repeats (list all, insert, update, delete, publish),
// written once. The client is a parameter: the admin passes its signed-in supabase-js client,
// whose `.from()` is the same PostgrestClient as the public one. Errors are thrown, so callers
// can show their own message.
import type { DbClient } from '../lib/rest';
import type { Insert, Row, Update } from './database.types';

/** Tables the admin edits as publishable content, with the column its list is ordered by. */
type ContentOrder = {
  sponsors: 'sort_order';
  gallery_images: 'sort_order';
  videos: 'sort_order';
  testimonials: 'sort_order';
  events: 'date';
  past_tours: 'year';
  news_articles: 'published_date';
};
export type ContentTable = keyof ContentOrder;

export interface ContentTableCalls<T extends ContentTable> {
  listAll(db: DbClient): Promise<Row<T>[]>;
  insert(db: DbClient, row: Insert<T>): Promise<void>;
  /** Update by id with every form field. */
  update(db: DbClient, id: string, row: Insert<T>): Promise<void>;
  remove(db: DbClient, id: string): Promise<void>;
  setPublished(db: DbClient, id: string, published: boolean): Promise<void>;
}

// postgrest-js cannot type `.from(table)` for a table name that is itself generic, so the
// helper sees each table through this narrow shape, which every concrete builder satisfies.
type Result<D> = PromiseLike<{ data: D }>;
type Throwing<D> = { throwOnError(): Result<D> };
interface TableQuery<R, I, U> {
  select(columns: '*'): { order(column: string, options: { ascending: boolean }): Throwing<R[]> };
  insert(row: I): Throwing<null>;
  update(row: I | U): { eq(column: 'id', value: string): Throwing<null> };
  delete(): { eq(column: 'id', value: string): Throwing<null> };
}

export function contentTable<T extends ContentTable>(
  query: (db: DbClient) => TableQuery<Row<T>, Insert<T>, Update<T>>,
  order: { column: ContentOrder[T]; ascending: boolean },
): ContentTableCalls<T> {
  return {
    async listAll(db) {
      const { data } = await query(db)
        .select('*')
        .order(order.column, { ascending: order.ascending })
        .throwOnError();
      return data;
    },
    async insert(db, row) {
      await query(db).insert(row).throwOnError();
    },
    async update(db, id, row) {
      await query(db).update(row).eq('id', id).throwOnError();
    },
    async remove(db, id) {
      await query(db).delete().eq('id', id).throwOnError();
    },
    async setPublished(db, id, published) {
      // Every content row has `published`; Update<T> is Partial<Row<T>>.
      const change: Update<T> = { published } as Update<T>;
      await query(db).update(change).eq('id', id).throwOnError();
    },
  };
}
