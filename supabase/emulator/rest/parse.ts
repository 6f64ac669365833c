// PostgREST's query string grammar (the subset supabase-js produces here), parsed to a small
// AST. Nothing here touches SQL: names are checked against the catalog and values bound later.
import { restError } from './errors';
import { ALLOWED_CASTS, castType, checkQueryLimits } from './limits';
import {
  OPERATORS,
  type Condition,
  type Filter,
  type Group,
  type Operator,
  type OrderTerm,
  type RestQuery,
  type SelectItem,
} from './query';

export const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'apikey',
]);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

function parseError(message: string, details: string | null = null) {
  return restError(400, 'PGRST100', message, details);
}

/** Splits on commas outside parentheses and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i] ?? '';
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0)
      throw parseError(
        `"failed to parse logic tree (${text})" (line 1, column ${i + 1})`,
        'unexpected ")"',
      );
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted || depth !== 0) {
    throw parseError(
      `"failed to parse logic tree (${text})" (line 1, column ${text.length})`,
      'unexpected end of input',
    );
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseList(raw: string, context: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(
      `"failed to parse filter (${context})" (line 1, column ${context.length})`,
      'expecting "("',
    );
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((v) => unquote(v.trim()));
}

/** Parses `op.value` or `not.op.value` for `column`. */
export function parseCondition(column: string, expression: string, inLogicTree = false): Condition {
  const context = `${column}=${expression}`;
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const opText = dot === -1 ? rest : rest.slice(0, dot);
  if (!(OPERATORS as readonly string[]).includes(opText) || dot === -1) {
    throw parseError(
      `"failed to parse filter (${expression})" (line 1, column ${(negate ? 4 : 0) + opText.length + 1})`,
      `unexpected "${rest.slice(opText.length, opText.length + 1) || opText.slice(0, 1)}" expecting operator (eq, gt, ...)`,
    );
  }
  const op = opText as Operator;
  let raw = rest.slice(dot + 1);
  if (inLogicTree) raw = unquote(raw);
  if (op === 'in') return { kind: 'condition', column, negate, op, value: parseList(raw, context) };
  if (op === 'is' && !IS_VALUES.has(raw.toLowerCase())) {
    throw parseError(
      `"failed to parse filter (${expression})" (line 1, column ${expression.length})`,
      'unexpected value, expecting null, not_null, true, false or unknown',
    );
  }
  return { kind: 'condition', column, negate, op, value: op === 'is' ? raw.toLowerCase() : raw };
}

function parseGroup(op: 'and' | 'or', negate: boolean, body: string): Group {
  if (!body.startsWith('(') || !body.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${body})" (line 1, column 1)`, 'expecting "("');
  }
  const items = splitTopLevel(body.slice(1, -1)).map((part) => parseTreeItem(part.trim()));
  return { kind: 'group', op, negate, items };
}

function parseTreeItem(text: string): Filter {
  const group = /^(not\.)?(and|or)(\(.*\))$/s.exec(text);
  if (group) return parseGroup(group[2] as 'and' | 'or', Boolean(group[1]), group[3] ?? '');
  const dot = text.indexOf('.');
  if (dot <= 0)
    throw parseError(
      `"failed to parse logic tree (${text})" (line 1, column 1)`,
      'expecting column.operator.value',
    );
  return parseCondition(text.slice(0, dot), text.slice(dot + 1), true);
}

function parseNonNegative(name: string, raw: string): number {
  if (!/^\d+$/.test(raw))
    throw parseError(`"failed to parse ${name} parameter (${raw})" (line 1, column 1)`);
  return Number(raw);
}

function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ column: '*', alias: null, cast: null }];
  return splitTopLevel(raw).map((item) => {
    const text = item.trim();
    if (text.includes('(')) {
      // Embedding related tables is not part of this stand-in; PostgREST answers the same code
      // when it cannot find the relationship.
      const name = text.slice(0, text.indexOf('(')).split(':').pop() ?? text;
      throw restError(
        400,
        'PGRST200',
        `Could not find a relationship for '${name}' in the schema cache`,
        null,
        'Embedding related tables is not supported by the local Supabase stand-in',
      );
    }
    const match = /^(?:([^:]+):(?!:))?([^:]+?)(?:::([^:]*))?$/.exec(text);
    if (!match || !match[2])
      throw parseError(`"failed to parse select parameter (${raw})" (line 1, column 1)`);
    // The cast reaches SQL, so it must be one of a closed list of type names (see limits.ts).
    const cast = match[3] === undefined ? null : castType(match[3]);
    if (match[3] !== undefined && !cast) {
      throw parseError(
        `"failed to parse select parameter (${raw})" (line 1, column ${text.indexOf('::') + 3})`,
        `unexpected cast "${match[3]}", expecting one of ${ALLOWED_CASTS.join(', ')} (or an array of one)`,
      );
    }
    return {
      column: unquote(match[2]),
      alias: match[1] ? unquote(match[1]) : null,
      cast,
    };
  });
}

function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((term) => {
    const parts = term.trim().split('.');
    const column = parts.shift() ?? '';
    let descending = false;
    let nulls: OrderTerm['nulls'] = null;
    for (const part of parts) {
      if (part === 'asc' || part === 'desc') descending = part === 'desc';
      else if (part === 'nullsfirst' || part === 'nullslast')
        nulls = part === 'nullsfirst' ? 'first' : 'last';
      else
        throw parseError(
          `"failed to parse order (${raw})" (line 1, column ${column.length + 2})`,
          'unexpected modifier, expecting "asc", "desc", "nullsfirst" or "nullslast"',
        );
    }
    if (!column) throw parseError(`"failed to parse order (${raw})" (line 1, column 1)`);
    return { column: unquote(column), descending, nulls };
  });
}

export function parseQuery(params: URLSearchParams): RestQuery {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/.exec(key);
    if (logic) filters.push(parseGroup(logic[2] as 'and' | 'or', Boolean(logic[1]), value));
    else filters.push(parseCondition(key, value));
  }
  const limit = params.get('limit');
  const offset = params.get('offset');
  const columns = params.get('columns');
  const onConflict = params.get('on_conflict');
  const query: RestQuery = {
    select: parseSelect(params.get('select')),
    filters,
    order: params.has('order') ? parseOrder(params.get('order') ?? '') : [],
    limit: limit === null ? null : parseNonNegative('limit', limit),
    offset: offset === null ? 0 : parseNonNegative('offset', offset),
    columns: columns === null ? null : splitTopLevel(columns).map((c) => unquote(c.trim())),
    onConflict:
      onConflict === null ? null : splitTopLevel(onConflict).map((c) => unquote(c.trim())),
  };
  checkQueryLimits(query);
  return query;
}
