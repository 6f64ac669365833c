// Turns a parsed request into one parameterised statement. Identifiers come from the catalog
// (and are quoted), casts use the catalog's column types, and every value is a bound parameter.
import type { TableInfo } from './catalog';
import { restError } from './errors';
import type { Condition, Filter, RestQuery, SelectItem } from './query';

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface Statement {
  text: string;
  /** Every value travels as text; the SQL casts it to the column's type. */
  params: string[];
}

/** Result row of every statement: the exact total (or null), the page's row count and the JSON body. */
export interface ResultRow {
  total: number | null;
  page_total: number;
  body: string;
}

/** `source` names what the columns are read from: the table itself, or an RPC call's alias. */
export class Builder {
  readonly params: string[] = [];
  readonly qualified: string;

  constructor(
    readonly table: TableInfo,
    source?: string,
  ) {
    this.qualified = source ?? `"public".${ident(table.name)}`;
  }

  /**
   * Values travel as text and Postgres casts them to the column's type, so a bad value gets
   * Postgres's own error (22P02 and the like) rather than a client-side serializer's.
   */
  bind(value: string, type?: string): string {
    this.params.push(value);
    return type ? `$${this.params.length}::text::${type}` : `$${this.params.length}`;
  }

  columnType(column: string): string {
    const type = this.table.columns.get(column);
    if (!type) throw restError(400, '42703', `column ${this.table.name}.${column} does not exist`);
    return type;
  }

  column(column: string): string {
    this.columnType(column);
    return `${this.qualified}.${ident(column)}`;
  }

  condition(c: Condition): string {
    const col = this.column(c.column);
    const type = this.columnType(c.column);
    const value = Array.isArray(c.value) ? c.value.join(',') : c.value;
    let sql: string;
    switch (c.op) {
      case 'eq':
      case 'neq':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const op = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[c.op];
        sql = `${col} ${op} ${this.bind(value, type)}`;
        break;
      }
      case 'like':
      case 'ilike':
        // PostgREST accepts * as the wildcard so URLs need no %-escaping.
        sql = `${col}::text ${c.op === 'like' ? 'like' : 'ilike'} ${this.bind(value.replace(/\*/g, '%'))}`;
        break;
      case 'match':
      case 'imatch':
        sql = `${col}::text ${c.op === 'match' ? '~' : '~*'} ${this.bind(value)}`;
        break;
      case 'in': {
        const list = Array.isArray(c.value) ? c.value : [c.value];
        sql =
          list.length === 0
            ? 'false'
            : `${col} in (${list.map((v) => this.bind(v, type)).join(', ')})`;
        break;
      }
      case 'is': {
        const keyword = {
          null: 'null',
          not_null: 'not null',
          true: 'true',
          false: 'false',
          unknown: 'unknown',
        }[value as 'null'];
        sql = `${col} is ${keyword}`;
        break;
      }
      case 'isdistinct':
        sql = `${col} is distinct from ${this.bind(value, type)}`;
        break;
    }
    return c.negate ? `not (${sql})` : sql;
  }

  filter(f: Filter): string {
    if (f.kind === 'condition') return this.condition(f);
    const inner =
      f.items.length === 0
        ? 'true'
        : f.items.map((item) => `(${this.filter(item)})`).join(` ${f.op} `);
    return f.negate ? `not (${inner})` : inner;
  }

  where(filters: Filter[]): string {
    return filters.length === 0
      ? ''
      : ` where ${filters.map((f) => `(${this.filter(f)})`).join(' and ')}`;
  }

  selectList(items: SelectItem[], source: string): string {
    return items
      .map((item) => {
        if (item.column === '*') return `${source}.*`;
        this.columnType(item.column);
        const expr = `${source}.${ident(item.column)}${item.cast ? `::${item.cast}` : ''}`;
        return item.alias || item.cast ? `${expr} as ${ident(item.alias ?? item.column)}` : expr;
      })
      .join(', ');
  }
}

export function envelope(inner: string, single: boolean, count: string): string {
  const body = single
    ? `coalesce((json_agg(_t) -> 0)::text, 'null')`
    : `coalesce(json_agg(_t), '[]')::text`;
  return `select ${count} as total, count(_t)::int as page_total, ${body} as body from (${inner}) _t`;
}

export function buildRead(
  table: TableInfo,
  query: RestQuery,
  options: { single: boolean; count: boolean; head: boolean },
): Statement {
  const b = new Builder(table);
  const where = b.where(query.filters);
  const countSql = options.count
    ? `(select count(*) from ${b.qualified}${where})::int`
    : 'null::int';
  if (options.head)
    return { text: `select ${countSql} as total, 0 as page_total, '' as body`, params: b.params };
  const select = b.selectList(query.select, b.qualified);
  const order = query.order
    .map(
      (o) =>
        `${b.column(o.column)} ${o.descending ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
    )
    .join(', ');
  let inner = `select ${select} from ${b.qualified}${where}${order ? ` order by ${order}` : ''}`;
  if (query.limit !== null) inner += ` limit ${b.bind(String(query.limit), 'bigint')}`;
  if (query.offset) inner += ` offset ${b.bind(String(query.offset), 'bigint')}`;
  return { text: envelope(inner, options.single, countSql), params: b.params };
}

function bodyColumns(table: TableInfo, columns: string[]): string {
  return columns
    .map((c) => {
      const type = table.columns.get(c);
      if (!type) {
        throw restError(
          400,
          'PGRST204',
          `Could not find the '${c}' column of '${table.name}' in the schema cache`,
        );
      }
      return `${ident(c)} ${type}`;
    })
    .join(', ');
}

export interface MutationOptions {
  returning: boolean;
  single: boolean;
  query: RestQuery;
}

/** The statement returns ResultRow when `returning`, else it is run for its affected-row count. */
function wrapMutation(b: Builder, mutation: string, options: MutationOptions): Statement {
  if (!options.returning) return { text: mutation, params: b.params };
  const select = b.selectList(options.query.select, 'pgrst_source');
  return {
    text: `with pgrst_source as (${mutation} returning ${b.qualified}.*) ${envelope(`select ${select} from pgrst_source`, options.single, 'null::int')}`,
    params: b.params,
  };
}

export function buildInsert(
  table: TableInfo,
  rows: Record<string, unknown>[],
  columns: string[],
  options: MutationOptions & { upsert: 'merge' | 'ignore' | null },
): Statement {
  const b = new Builder(table);
  let mutation: string;
  if (columns.length === 0) {
    mutation = `insert into ${b.qualified} default values`;
  } else {
    const names = columns.map(ident).join(', ');
    mutation = `insert into ${b.qualified} (${names}) select ${names} from json_to_recordset(${b.bind(JSON.stringify(rows))}::json) as pgrst_body(${bodyColumns(table, columns)})`;
  }
  if (options.upsert) {
    const target = options.query.onConflict ?? table.primaryKey;
    target.forEach((c) => b.columnType(c));
    if (target.length === 0)
      throw restError(400, 'PGRST100', `Table '${table.name}' has no primary key for an upsert`);
    const updates = columns.filter((c) => !target.includes(c));
    mutation +=
      options.upsert === 'ignore' || updates.length === 0
        ? ` on conflict (${target.map(ident).join(', ')}) do nothing`
        : ` on conflict (${target.map(ident).join(', ')}) do update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  return wrapMutation(b, mutation, options);
}

export function buildUpdate(
  table: TableInfo,
  values: Record<string, unknown>,
  options: MutationOptions,
): Statement {
  const b = new Builder(table);
  const columns = Object.keys(values);
  const body = `(select * from json_to_record(${b.bind(JSON.stringify(values))}::json) as pgrst_row(${bodyColumns(table, columns)})) pgrst_body`;
  const sets = columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  const mutation = `update ${b.qualified} set ${sets} from ${body}${b.where(options.query.filters)}`;
  return wrapMutation(b, mutation, options);
}

export function buildDelete(table: TableInfo, options: MutationOptions): Statement {
  const b = new Builder(table);
  return wrapMutation(b, `delete from ${b.qualified}${b.where(options.query.filters)}`, options);
}
