// The AST a PostgREST query string parses to (parse.ts makes it, limits.ts checks it, sql.ts turns
// it into SQL). Its own module so that the checker and the parser do not import each other.
export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  kind: 'condition';
  column: string;
  negate: boolean;
  op: Operator;
  /** A list for `in`, otherwise the raw text. */
  value: string | string[];
}

export interface Group {
  kind: 'group';
  negate: boolean;
  op: 'and' | 'or';
  items: Filter[];
}

export type Filter = Condition | Group;

export interface SelectItem {
  /** '*' selects every column. */
  column: string;
  alias: string | null;
  /** The SQL type name from the closed list in limits.ts, never the client's own text. */
  cast: string | null;
}

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls: 'first' | 'last' | null;
}

export interface RestQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  /** `columns=` of an insert/upsert (supabase-js sends it for arrays). */
  columns: string[] | null;
  onConflict: string[] | null;
}
