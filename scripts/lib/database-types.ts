// Reads the public schema of a migrated database from Postgres' own catalog and writes its
// TypeScript types in the shape `supabase gen types typescript` gives (Database['public'] with
// Tables (Row, Insert, Update, Relationships), Views, Functions (Args, Returns), Enums and
// CompositeTypes, then the Tables/TablesInsert/TablesUpdate/Enums helpers). Used by
// scripts/gen-types.ts; tests/contract/database-types.test.ts checks it on a schema of its own.
//
// One addition to Supabase's output: a text column whose only CHECK is a list of values
// (`tier text check (tier in ('Tier 1', 'Tier 2'))`) gets those values as its type, so the code
// keeps its unions (SponsorTier …) from the schema instead of writing them again.
import type { Tx } from '../../supabase/emulator';

type Column = {
  name: string;
  type: string;
  /** The element type's name for arrays, else null. */
  element: string | null;
  nullable: boolean;
  hasDefault: boolean;
  /** 'always' identity or generated: never written. */
  readOnly: boolean;
  /** The values a CHECK allows, when that is all it says. */
  values: string[] | null;
};

type Relationship = {
  name: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
};

type Relation = {
  name: string;
  kind: 'table' | 'view';
  updatable: boolean;
  columns: Column[];
  relationships: Relationship[];
};

type FunctionArg = { name: string; type: string; element: string | null; hasDefault: boolean };

type FunctionInfo = {
  name: string;
  args: FunctionArg[];
  /** A scalar's type name, or the columns of `returns table (…)`, or a relation's name. */
  returns:
    | { kind: 'scalar'; type: string; element: string | null }
    | { kind: 'columns'; columns: { name: string; type: string; element: string | null }[] }
    | { kind: 'relation'; name: string };
  returnsSet: boolean;
};

export type SchemaDescription = {
  relations: Relation[];
  functions: FunctionInfo[];
  enums: { name: string; values: string[] }[];
};

const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** `CHECK ((tier = ANY (ARRAY['Tier 1'::text, 'Tier 2'::text])))` → ['Tier 1', 'Tier 2']. */
export function checkedValues(definition: string): { column: string; values: string[] } | null {
  const match =
    /^CHECK \(\(\(?"?(\w+)"?\)?(?:::text)? = ANY \(\(?ARRAY\[(.*)\]\)?(?:::text\[\])?\)\)\)$/.exec(
      definition.trim(),
    );
  if (!match?.[1] || match[2] === undefined) return null;
  const values: string[] = [];
  const literal = /'((?:[^']|'')*)'::(?:text|character varying)/g;
  let rest = match[2];
  for (let found = literal.exec(rest); found; found = literal.exec(rest)) {
    values.push((found[1] ?? '').replace(/''/g, "'"));
  }
  rest = rest.replace(literal, '').replace(/[\s,]/g, '');
  return rest === '' && values.length > 0 ? { column: match[1], values } : null;
}

export async function describeSchema(db: Tx, schema = 'public'): Promise<SchemaDescription> {
  const { rows: relationRows } = await db.query<{
    name: string;
    relkind: string;
    updatable: boolean;
  }>(
    `select c.relname as name, c.relkind::text as relkind,
       (c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, false) & 28) = 28) as updatable
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [schema],
  );
  const { rows: columnRows } = await db.query<{
    relation: string;
    name: string;
    type: string;
    element: string | null;
    not_null: boolean;
    has_default: boolean;
    read_only: boolean;
  }>(
    `select c.relname as relation, a.attname as name, t.typname as type,
       case when t.typcategory = 'A' then e.typname end as element,
       a.attnotnull as not_null,
       (a.atthasdef or a.attidentity = 'd') as has_default,
       (a.attidentity = 'a' or a.attgenerated <> '') as read_only
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid
     left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
       and a.attnum > 0 and not a.attisdropped`,
    [schema],
  );
  const { rows: checkRows } = await db.query<{ relation: string; definition: string }>(
    `select c.relname as relation, pg_get_constraintdef(k.oid) as definition
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and k.contype = 'c' and array_length(k.conkey, 1) = 1`,
    [schema],
  );
  const { rows: foreignRows } = await db.query<{
    name: string;
    relation: string;
    columns: string[];
    referenced: string;
    referenced_columns: string[];
    one_to_one: boolean;
  }>(
    `select k.conname as name, c.relname as relation,
       array(select a.attname from unnest(k.conkey) with ordinality u(n, i)
             join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as columns,
       r.relname as referenced,
       array(select a.attname from unnest(k.confkey) with ordinality u(n, i)
             join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)::text[] as referenced_columns,
       exists (select 1 from pg_index x where x.indrelid = k.conrelid and x.indisunique
               and x.indkey::int2[] @> k.conkey and k.conkey @> x.indkey::int2[]) as one_to_one
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_class r on r.oid = k.confrelid
     where n.nspname = $1 and k.contype = 'f'`,
    [schema],
  );
  const { rows: functionRows } = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    arg_elements: (string | null)[];
    arg_modes: string[] | null;
    defaults: number;
    returns: string;
    returns_element: string | null;
    returns_relation: string | null;
    returns_set: boolean;
  }>(
    `select p.proname as name, p.proargnames as arg_names,
       array(select t.typname from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(o, i)
             join pg_type t on t.oid = u.o order by u.i)::text[] as arg_types,
       array(select e.typname from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(o, i)
             join pg_type t on t.oid = u.o left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
             order by u.i)::text[] as arg_elements,
       p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults,
       rt.typname as returns,
       case when rt.typcategory = 'A' then re.typname end as returns_element,
       (select rc.relname from pg_class rc where rc.oid = rt.typrelid and rc.relkind in ('r', 'p', 'v', 'm', 'f')) as returns_relation,
       p.proretset as returns_set
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     join pg_type rt on rt.oid = p.prorettype
     left join pg_type re on re.oid = rt.typelem and rt.typcategory = 'A'
     where n.nspname = $1 and p.prokind = 'f'
       and rt.typname not in ('trigger', 'event_trigger', 'internal')
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    [schema],
  );
  const { rows: enumRows } = await db.query<{ name: string; values: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as values
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = $1 group by t.typname`,
    [schema],
  );

  const checks = new Map<string, string[]>();
  for (const { relation, definition } of checkRows) {
    const found = checkedValues(definition);
    if (found) checks.set(`${relation}.${found.column}`, found.values);
  }

  const relations: Relation[] = relationRows
    .map((row) => ({
      name: row.name,
      kind: (['r', 'p', 'f'].includes(row.relkind) ? 'table' : 'view') as 'table' | 'view',
      updatable: row.updatable,
      columns: columnRows
        .filter((column) => column.relation === row.name)
        .map((column) => ({
          name: column.name,
          type: column.type,
          element: column.element,
          nullable: !column.not_null,
          hasDefault: column.has_default,
          readOnly: column.read_only,
          values: checks.get(`${row.name}.${column.name}`) ?? null,
        }))
        .sort(byName),
      relationships: foreignRows
        .filter((key) => key.relation === row.name)
        .map((key) => ({
          name: key.name,
          columns: key.columns,
          isOneToOne: key.one_to_one,
          referencedRelation: key.referenced,
          referencedColumns: key.referenced_columns,
        }))
        .sort(byName),
    }))
    .sort(byName);

  const functions: FunctionInfo[] = functionRows
    .map((row) => {
      const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
      const names = row.arg_names ?? [];
      const inputs = row.arg_types
        .map((type, index) => ({
          name: names[index] ?? '',
          type,
          element: row.arg_elements[index] ?? null,
          mode: modes[index] ?? 'i',
        }))
        .filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
      const outputs = row.arg_types
        .map((type, index) => ({
          name: names[index] ?? '',
          type,
          element: row.arg_elements[index] ?? null,
          mode: modes[index] ?? 'i',
        }))
        .filter((arg) => arg.mode === 't' || arg.mode === 'o' || arg.mode === 'b');
      const firstDefault = inputs.length - row.defaults;
      const returns: FunctionInfo['returns'] =
        outputs.length > 0 && row.returns === 'record'
          ? {
              kind: 'columns',
              columns: outputs.map(({ name, type, element }) => ({ name, type, element })),
            }
          : row.returns_relation
            ? { kind: 'relation', name: row.returns_relation }
            : { kind: 'scalar', type: row.returns, element: row.returns_element };
      return {
        name: row.name,
        args: inputs.map((arg, index) => ({
          name: arg.name,
          type: arg.type,
          element: arg.element,
          hasDefault: index >= firstDefault,
        })),
        returns,
        returnsSet: row.returns_set,
      };
    })
    .sort(byName);

  return { relations, functions, enums: enumRows.sort(byName) };
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'citext',
  'inet',
  'cidr',
  'macaddr',
  'bytea',
  'tsvector',
]);

const quote = (text: string) => JSON.stringify(text);
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

/** The TypeScript type of a Postgres type, as supabase gen types maps it. */
function tsType(type: string, element: string | null, enums: Set<string>): string {
  if (element) return `${tsType(element, null, enums)}[]`;
  if (type === 'bool') return 'boolean';
  if (NUMBER.has(type)) return 'number';
  if (STRING.has(type)) return 'string';
  if (type === 'json' || type === 'jsonb') return 'Json';
  if (type === 'void') return 'undefined';
  if (type === 'record') return 'Record<string, unknown>';
  if (enums.has(type)) return `Database["public"]["Enums"][${quote(type)}]`;
  return 'unknown';
}

function columnType(column: Column, enums: Set<string>): string {
  const base = column.values
    ? column.values.map(quote).join(' | ')
    : tsType(column.type, column.element, enums);
  return column.nullable ? `${base} | null` : base;
}

function rows(columns: Column[], line: (column: Column) => string | null): string {
  const lines = columns.map(line).filter((text): text is string => text !== null);
  return lines.length ? `{\n${lines.join('\n')}\n}` : '{\n[_ in never]: never\n}';
}

function relationType(relation: Relation, enums: Set<string>): string {
  const row = rows(relation.columns, (c) => `${key(c.name)}: ${columnType(c, enums)}`);
  const relationships = `[${relation.relationships
    .map(
      (r) =>
        `{\nforeignKeyName: ${quote(r.name)}\ncolumns: [${r.columns.map(quote).join(', ')}]\nisOneToOne: ${r.isOneToOne}\nreferencedRelation: ${quote(r.referencedRelation)}\nreferencedColumns: [${r.referencedColumns.map(quote).join(', ')}]\n}`,
    )
    .join(',\n')}]`;
  if (relation.kind === 'view' && !relation.updatable)
    return `{\nRow: ${row}\nRelationships: ${relationships}\n}`;
  const insert = rows(relation.columns, (c) => {
    if (c.readOnly) return `${key(c.name)}?: never`;
    const optional = c.nullable || c.hasDefault || relation.kind === 'view';
    return `${key(c.name)}${optional ? '?' : ''}: ${columnType(c, enums)}`;
  });
  const update = rows(relation.columns, (c) =>
    c.readOnly ? `${key(c.name)}?: never` : `${key(c.name)}?: ${columnType(c, enums)}`,
  );
  return `{\nRow: ${row}\nInsert: ${insert}\nUpdate: ${update}\nRelationships: ${relationships}\n}`;
}

function functionType(fn: FunctionInfo, enums: Set<string>): string {
  const named = fn.args.filter((arg) => arg.name !== '');
  const args = named.length
    ? `{\n${named
        .map(
          (arg) =>
            `${key(arg.name)}${arg.hasDefault ? '?' : ''}: ${tsType(arg.type, arg.element, enums)}`,
        )
        .join('\n')}\n}`
    : 'never';
  let returns: string;
  if (fn.returns.kind === 'columns') {
    returns = `{\n${fn.returns.columns
      .map((column) => `${key(column.name)}: ${tsType(column.type, column.element, enums)}`)
      .join('\n')}\n}`;
  } else if (fn.returns.kind === 'relation') {
    returns = `Database["public"]["Tables"][${quote(fn.returns.name)}]["Row"]`;
  } else {
    returns = tsType(fn.returns.type, fn.returns.element, enums);
  }
  if (fn.returnsSet) returns = `${returns}[]`;
  return `{\nArgs: ${args}\nReturns: ${returns}\n}`;
}

function section(entries: [string, string][]): string {
  return entries.length
    ? `{\n${entries.map(([name, type]) => `${key(name)}: ${type}`).join('\n')}\n}`
    : '{\n[_ in never]: never\n}';
}

/** The file's text (Prettier formats it afterwards). */
export function renderTypes(schema: SchemaDescription, header: string): string {
  const enums = new Set(schema.enums.map((e) => e.name));
  const tables = schema.relations.filter((r) => r.kind === 'table');
  const views = schema.relations.filter((r) => r.kind === 'view');
  return `${header}
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: ${section(tables.map((t) => [t.name, relationType(t, enums)]))}
    Views: ${section(views.map((v) => [v.name, relationType(v, enums)]))}
    Functions: ${section(schema.functions.map((f) => [f.name, functionType(f, enums)]))}
    Enums: ${section(schema.enums.map((e) => [e.name, e.values.map(quote).join(' | ')]))}
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DefaultSchema = Database["public"]

export type Tables<
  T extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]),
> = (DefaultSchema["Tables"] & DefaultSchema["Views"])[T] extends { Row: infer R } ? R : never

export type TablesInsert<T extends keyof DefaultSchema["Tables"]> =
  DefaultSchema["Tables"][T]["Insert"]

export type TablesUpdate<T extends keyof DefaultSchema["Tables"]> =
  DefaultSchema["Tables"][T]["Update"]

export type Enums<T extends keyof DefaultSchema["Enums"]> = DefaultSchema["Enums"][T]

export type CompositeTypes<T extends keyof DefaultSchema["CompositeTypes"]> =
  DefaultSchema["CompositeTypes"][T]

export const Constants = {
  public: {
    Enums: {${schema.enums.map((e) => `\n${key(e.name)}: [${e.values.map(quote).join(', ')}],`).join('')}
    },
  },
} as const
`;
}
