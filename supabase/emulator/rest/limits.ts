// What one REST request may ask the database to do. PostgreSQL cancels a runaway statement after
// the role's statement_timeout; PGlite cannot (it runs one statement at a time on this process's
// thread, and statement_timeout never fires there), so the request itself is bounded instead:
// these caps keep the worst request the grammar allows to milliseconds on this product's tables.
// Measured on PGlite: `((((a+)+)+)+)+$` never finished compiling (killed after 20 s), and
// `((a{1,50}){1,50}){1,50}` ran for over 10 minutes, both against an 11-character string.
import { restError } from './errors';
import type { Filter, RestQuery, SelectItem } from './query';

export const REST_LIMITS = {
  /** Conditions in one request, nested ones included. */
  conditions: 100,
  /** Nesting of and()/or() groups. */
  depth: 8,
  /** Values in one in.(...) list. */
  inList: 500,
  /** Columns in select=. */
  selectItems: 100,
  /** Characters in a match/imatch pattern. */
  patternLength: 200,
  /** Quantifiers (*, +, ?, {m,n}) in a match/imatch pattern. */
  patternQuantifiers: 20,
} as const;

function tooMuch(message: string) {
  return restError(
    400,
    'PGRST100',
    message,
    null,
    'The local Supabase stand-in bounds every request',
  );
}

/**
 * Casts are pasted into SQL after `::`, so only these names are accepted, spelled as PostgREST
 * lets a client write them (a type name: letters, digits and underscores), and the SQL gets the
 * canonical spelling from this table, never the client's text. `[]` makes any of them an array.
 */
const CAST_TYPES: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  int: 'integer',
  integer: 'integer',
  int2: 'smallint',
  smallint: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'real',
  float4: 'real',
  float: 'double precision',
  float8: 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timetz: 'timetz',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  uuid: 'uuid',
  json: 'json',
  jsonb: 'jsonb',
};

export const ALLOWED_CASTS = Object.keys(CAST_TYPES);

/** The SQL type for a cast the client asked for, or null when it is not on the list. */
export function castType(name: string): string | null {
  const match = /^([A-Za-z][A-Za-z0-9_]*)(\[\])?$/.exec(name);
  const base = match?.[1] ? CAST_TYPES[match[1].toLowerCase()] : undefined;
  if (!base) return null;
  return match?.[2] ? `${base}[]` : base;
}

/**
 * Refuses the regular expressions whose compilation or matching explodes in PostgreSQL's engine:
 * a quantified group that itself holds a quantifier (`(a+)+`, `(a{1,50}){1,50}`), back-references
 * (matched by backtracking), and long or quantifier-heavy patterns.
 */
export function checkPattern(pattern: string): void {
  if (pattern.length > REST_LIMITS.patternLength) {
    throw tooMuch(`A match pattern may have at most ${REST_LIMITS.patternLength} characters`);
  }
  // One entry per open group: whether a quantifier occurs inside it.
  const groups: boolean[] = [];
  let lastAtom: 'none' | 'plain' | 'quantifiedGroup' = 'none';
  let quantifiers = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      if (/[1-9]/.test(pattern[i + 1] ?? '')) {
        throw tooMuch('Back-references are not allowed in a match pattern');
      }
      i++;
      lastAtom = 'plain';
    } else if (ch === '[') {
      // A bracket expression is one atom; `]` right after `[` or `[^` is a literal.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') {
        const kind = pattern[j + 1] ?? '';
        if (pattern[j] === '[' && ':.='.includes(kind) && kind) {
          // [:alpha:], [.a.], [=a=] end at their own `:]`, `.]`, `=]`.
          const close = pattern.indexOf(`${kind}]`, j + 2);
          j = close === -1 ? pattern.length : close + 2;
        } else j++;
      }
      i = j;
      lastAtom = 'plain';
    } else if (ch === '(') {
      groups.push(false);
      // (?:…), (?=…), (?!…): the `?` opens the group, it quantifies nothing.
      if (pattern[i + 1] === '?') i += 2;
      lastAtom = 'none';
    } else if (ch === ')') {
      const inner = groups.pop() ?? false;
      if (inner && groups.length > 0) groups[groups.length - 1] = true;
      lastAtom = inner ? 'quantifiedGroup' : 'plain';
    } else if ('*+?'.includes(ch) || (ch === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)))) {
      if (lastAtom === 'quantifiedGroup') {
        throw tooMuch('Nested quantifiers are not allowed in a match pattern');
      }
      quantifiers++;
      if (ch === '{') i = pattern.indexOf('}', i);
      if (pattern[i + 1] === '?') i++; // a non-greedy quantifier is still one
      if (groups.length > 0) groups[groups.length - 1] = true;
      lastAtom = 'plain';
    } else {
      lastAtom = 'plain';
    }
  }
  if (quantifiers > REST_LIMITS.patternQuantifiers) {
    throw tooMuch(`A match pattern may have at most ${REST_LIMITS.patternQuantifiers} quantifiers`);
  }
}

function checkFilters(filters: Filter[], depth: number, count: { conditions: number }): void {
  if (depth > REST_LIMITS.depth) {
    throw tooMuch(`and()/or() groups may be nested at most ${REST_LIMITS.depth} deep`);
  }
  for (const filter of filters) {
    if (filter.kind === 'group') {
      checkFilters(filter.items, depth + 1, count);
      continue;
    }
    count.conditions++;
    if (Array.isArray(filter.value) && filter.value.length > REST_LIMITS.inList) {
      throw tooMuch(`An in.() list may have at most ${REST_LIMITS.inList} values`);
    }
    if ((filter.op === 'match' || filter.op === 'imatch') && typeof filter.value === 'string') {
      checkPattern(filter.value);
    }
  }
  if (count.conditions > REST_LIMITS.conditions) {
    throw tooMuch(`A request may have at most ${REST_LIMITS.conditions} filter conditions`);
  }
}

export function checkQueryLimits(query: { select: SelectItem[]; filters: Filter[] }): void {
  if (query.select.length > REST_LIMITS.selectItems) {
    throw tooMuch(`select may name at most ${REST_LIMITS.selectItems} columns`);
  }
  checkFilters(query.filters, 0, { conditions: 0 });
}

/** PostgREST's db-max-rows: a read answers at most this many rows, whatever limit it asked for. */
export function cappedLimit(query: RestQuery, maxRows: number): RestQuery {
  return { ...query, limit: Math.min(query.limit ?? maxRows, maxRows) };
}
