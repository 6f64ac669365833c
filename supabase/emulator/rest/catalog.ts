// PostgREST's "schema cache": the tables and views of the exposed schema with their columns'
// types and primary keys, read once per database (migrations run before the server starts).
import type { Db } from '../types';
import { forgetRoutines } from './routines';
import { schemaCache } from './schema-cache';

export interface TableInfo {
  name: string;
  /** Column name → SQL type as format_type() prints it (safe to splice after `::`). */
  columns: Map<string, string>;
  primaryKey: string[];
}

export type Catalog = Map<string, TableInfo>;

async function load(db: Db): Promise<Catalog> {
  const { rows } = await db.query<{
    table_name: string;
    column_name: string;
    type: string;
    is_pk: boolean;
  }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
       coalesce(a.attnum = any(i.indkey), false) as is_pk
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
     order by c.relname, a.attnum`,
  );
  const catalog: Catalog = new Map();
  for (const row of rows) {
    let table = catalog.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: new Map(), primaryKey: [] };
      catalog.set(row.table_name, table);
    }
    table.columns.set(row.column_name, row.type);
    if (row.is_pk) table.primaryKey.push(row.column_name);
  }
  return catalog;
}

const tables = schemaCache(load);

export function getCatalog(db: Db): Promise<Catalog> {
  return tables.get(db);
}

/** Forget the cached catalog (after DDL), like PostgREST's `NOTIFY pgrst, 'reload schema'`. */
export function reloadCatalog(db: Db): void {
  tables.forget(db);
  forgetRoutines(db);
}
