// PostgREST's schema cache of functions: every function of the exposed schema (public) with its
// input parameters (names, types, which have defaults), its volatility and what it returns, read
// from pg_catalog once per database like the table catalog (catalog.ts forgets both after DDL).
import type { Db } from '../types';
import { schemaCache } from './schema-cache';

export interface RoutineParam {
  /** '' for an unnamed parameter (only a single unnamed json/jsonb one can be called). */
  name: string;
  /** As format_type() prints it, safe to splice after `::`. */
  type: string;
  required: boolean;
  variadic: boolean;
}

export type RoutineReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string }
  /** A table, view or composite type, TABLE(...) or OUT parameters: named columns. */
  | { kind: 'composite'; columns: Map<string, string> };

export interface Routine {
  name: string;
  params: RoutineParam[];
  volatility: 'immutable' | 'stable' | 'volatile';
  returnsSet: boolean;
  returns: RoutineReturn;
}

export type RoutineCatalog = Map<string, Routine[]>;

interface RoutineRow {
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  default_count: number;
  return_type: string;
  return_columns: [string, string][] | null;
}

// proallargtypes lists every parameter (OUT and TABLE ones too) when there are any; proargtypes
// only the input ones. Composite returns carry their columns from pg_attribute.
const ROUTINES_SQL = `
  select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
    p.proargnames as arg_names, p.proargmodes::text[] as arg_modes, p.pronargdefaults::int as default_count,
    array(select format_type(a.type, null)
          from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(type, n)
          order by a.n) as arg_types,
    format_type(p.prorettype, null) as return_type,
    (select json_agg(json_build_array(att.attname, format_type(att.atttypid, att.atttypmod)) order by att.attnum)
       from pg_attribute att
      where att.attrelid = t.typrelid and att.attnum > 0 and not att.attisdropped) as return_columns
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  where n.nspname = 'public' and p.prokind = 'f'`;

function toRoutine(row: RoutineRow): Routine {
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
  const names = row.arg_names ?? [];
  const inputs: RoutineParam[] = [];
  const outputs = new Map<string, string>();
  row.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      inputs.push({ name, type, required: true, variadic: mode === 'v' });
    }
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.set(name, type);
  });
  // Defaults belong to the last input parameters.
  inputs.forEach((param, i) => {
    param.required = i < inputs.length - row.default_count;
  });
  let returns: RoutineReturn;
  if (outputs.size > 1) {
    returns = { kind: 'composite', columns: outputs };
  } else if (row.return_columns && row.return_type !== 'record') {
    returns = { kind: 'composite', columns: new Map(row.return_columns) };
  } else if (row.return_type === 'void') {
    returns = { kind: 'void' };
  } else {
    returns = { kind: 'scalar', type: row.return_type };
  }
  return {
    name: row.name,
    params: inputs,
    volatility:
      row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile',
    returnsSet: row.returns_set,
    returns,
  };
}

async function load(db: Db): Promise<RoutineCatalog> {
  const { rows } = await db.query<RoutineRow>(ROUTINES_SQL);
  const catalog: RoutineCatalog = new Map();
  for (const row of rows) {
    const overloads = catalog.get(row.name) ?? [];
    overloads.push(toRoutine(row));
    catalog.set(row.name, overloads);
  }
  return catalog;
}

const routines = schemaCache(load);

export function getRoutines(db: Db): Promise<RoutineCatalog> {
  return routines.get(db);
}

export function forgetRoutines(db: Db): void {
  routines.forget(db);
}
