// postgres_changes filters: `col=op.value`, comma-separated conditions ANDed, an optional `not.`
// prefix, PostgREST-style double quotes around values holding `,()`. Parsed with the wording of
// Realtime's Subscriptions.parse_subscription_params; evaluated on the typed record the way its
// realtime.check_equality_op compares values cast to the column's type.

export const filterOperators = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const;
export type FilterOperator = (typeof filterOperators)[number];

export interface ColumnFilter {
  column: string;
  op: FilterOperator;
  /** The value as written, unquoted (for `in`, the list without its parentheses). */
  value: string;
  /** The items of an `in` list; null stands for an unquoted NULL item. */
  items?: Array<string | null>;
  negate: boolean;
}

export class FilterError extends Error {}

const maxInItems = 100;
const isValues = new Set(['null', 'true', 'false', 'unknown']);

/** Splits on commas outside parentheses and outside quotes (a quote opens only after `.`, `(` or `,`). */
function splitTopLevel(filter: string): string[] {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let previous = '';
  for (let i = 0; i < filter.length; i++) {
    const char = filter[i]!;
    if (quoted) {
      if (char === '\\' && i + 1 < filter.length) {
        current += char + filter[++i];
        previous = filter[i]!;
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
    } else if (char === '"' && ['.', '(', ','].includes(previous)) {
      quoted = true;
      current += char;
    } else if (char === '(') {
      depth++;
      current += char;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      current += char;
    } else if (char === ',' && depth === 0) {
      segments.push(current);
      current = '';
      previous = '';
      continue;
    } else {
      current += char;
    }
    previous = char;
  }
  segments.push(current);
  return segments;
}

/** `"a\"b"` → `a"b`; anything not wholly quoted is kept as written. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) out += value[++i];
    else if (char === '"') return i === value.length - 1 ? out : value;
    else out += char;
  }
  return value;
}

/** Items of a Postgres array literal body: quoted items unescaped, unquoted ones trimmed, NULL as null. */
function listItems(body: string): Array<string | null> {
  if (body.trim() === '') return [];
  const items: Array<string | null> = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i <= body.length; i++) {
    const char = body[i];
    if (char === undefined || (char === ',' && !quoted)) {
      const item = wasQuoted ? current : current.trim();
      items.push(!wasQuoted && item.toLowerCase() === 'null' ? null : item);
      current = '';
      wasQuoted = false;
    } else if (char === '\\' && quoted) {
      current += body[++i] ?? '';
    } else if (char === '"') {
      quoted = !quoted;
      wasQuoted = true;
    } else {
      current += char;
    }
  }
  return items;
}

const inspectList = (items: string[]) => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;

function parseSegment(segment: string): ColumnFilter {
  const trimmed = segment.trim();
  if (trimmed === '') throw new FilterError('filter must not contain empty segments (check for extra commas)');
  const equals = trimmed.indexOf('=');
  if (equals < 0) throw new FilterError(inspectList([trimmed]));
  const column = trimmed.slice(0, equals);
  let rest = trimmed.slice(equals + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice('not.'.length);
  const dot = rest.indexOf('.');
  if (dot < 0) throw new FilterError(inspectList([rest]));
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (!(filterOperators as readonly string[]).includes(op)) throw new FilterError(inspectList([op, raw]));
  const operator = op as FilterOperator;
  if (operator === 'in') {
    if (raw.length < 2 || !raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError('`in` filter value must be wrapped by parentheses');
    const items = listItems(raw.slice(1, -1));
    if (items.length > maxInItems) throw new FilterError(`too many values for \`in\` filter. Maximum ${maxInItems}`);
    return { column, op: operator, value: raw.slice(1, -1), items, negate };
  }
  const value = unquote(raw);
  if (operator === 'is' && !isValues.has(value.toLowerCase())) throw new FilterError(`invalid value for \`is\` filter: ${value}`);
  if (operator === 'match' || operator === 'imatch') {
    try {
      new RegExp(value);
    } catch {
      throw new FilterError(`invalid regular expression: ${value}`);
    }
  }
  return { column, op: operator, value, negate };
}

/** Parses a binding's `filter`; throws a FilterError whose message Realtime would report. */
export function parseFilters(filter: string | undefined | null): ColumnFilter[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  try {
    return splitTopLevel(filter.trim()).map(parseSegment);
  } catch (error) {
    if (error instanceof FilterError) throw new FilterError(`Error parsing \`filter\` params: ${error.message}`);
    throw error;
  }
}

// --- evaluation on typed values ---------------------------------------------------------------

const numericTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const timestampTypes = new Set(['timestamptz', 'timestamp', 'date']);

function parseBoolean(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (['t', 'true', 'y', 'yes', 'on', '1'].includes(value)) return true;
  if (['f', 'false', 'n', 'no', 'off', '0'].includes(value)) return false;
  return undefined;
}

/** Microseconds since the epoch of an ISO or Postgres timestamp text; the offset is ignored without tz. */
function timestampMicros(text: string, withZone: boolean): bigint | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  let micros = BigInt(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))) * 1000n + BigInt(fraction.padEnd(6, '0') || '0');
  if (withZone && zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1n : 1n;
    const digits = zone.slice(1).replace(':', '');
    const minutes = BigInt(Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
    micros -= sign * minutes * 60_000_000n;
  }
  return micros;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Orders a typed record value against a filter literal of the column's type; undefined when not comparable. */
function compare(type: string, value: unknown, literal: string): number | undefined {
  const sign = (n: number | bigint) => (n > 0 ? 1 : n < 0 ? -1 : 0);
  if (numericTypes.has(type)) {
    const left = typeof value === 'number' ? value : Number(value);
    const right = Number(literal.trim());
    return Number.isNaN(left) || Number.isNaN(right) || literal.trim() === '' ? undefined : sign(left - right);
  }
  if (type === 'bool') {
    const right = parseBoolean(literal);
    return right === undefined || typeof value !== 'boolean' ? undefined : sign(Number(value) - Number(right));
  }
  if (timestampTypes.has(type)) {
    const withZone = type === 'timestamptz';
    const left = timestampMicros(String(value), withZone);
    const right = timestampMicros(literal, withZone);
    return left === undefined || right === undefined ? undefined : sign(left - right);
  }
  if (type === 'uuid') {
    const normalize = (text: string) => text.toLowerCase().replace(/[{}-]/g, '');
    const [left, right] = [normalize(String(value)), normalize(literal)];
    return left === right ? 0 : left < right ? -1 : 1;
  }
  if (type === 'json' || type === 'jsonb' || type.startsWith('_')) {
    let right: string;
    try {
      right = canonicalJson(JSON.parse(literal));
    } catch {
      right = literal;
    }
    const left = canonicalJson(value);
    return left === right ? 0 : left < right ? -1 : 1;
  }
  const left = asText(value);
  return left === literal ? 0 : left < literal ? -1 : 1;
}

/** SQL LIKE: `%` any run, `_` one character, backslash escapes the next character. */
function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

/** SQL three-valued result of one condition: undefined plays NULL. */
function evaluate(filter: ColumnFilter, type: string, value: unknown): boolean | undefined {
  const { op, value: literal } = filter;
  if (op === 'is') {
    const wanted = literal.toLowerCase();
    if (wanted === 'null' || wanted === 'unknown') return value === null;
    return value === (wanted === 'true');
  }
  if (op === 'isdistinct') return value === null || compare(type, value, literal) !== 0;
  if (value === null || value === undefined) return undefined;
  switch (op) {
    case 'like':
    case 'ilike':
      return likeToRegExp(literal, op === 'ilike').test(asText(value));
    case 'match':
    case 'imatch':
      return new RegExp(literal, op === 'imatch' ? 'i' : '').test(asText(value));
    case 'in': {
      const results = (filter.items ?? []).map((item) => (item === null ? undefined : compare(type, value, item) === 0));
      return results.includes(true) ? true : results.includes(undefined) ? undefined : false;
    }
    default: {
      const order = compare(type, value, literal);
      if (order === undefined) return undefined;
      return { eq: order === 0, neq: order !== 0, lt: order < 0, lte: order <= 0, gt: order > 0, gte: order >= 0 }[op];
    }
  }
}

/**
 * Whether a typed record passes every condition. A condition on a column the record does not
 * carry is skipped, as Realtime's join of filters with the WAL columns skips it; a NULL outcome
 * does not pass.
 */
export function matchesFilters(filters: ColumnFilter[], record: Record<string, unknown>, typeOf: (column: string) => string | undefined): boolean {
  return filters.every((filter) => {
    if (!Object.hasOwn(record, filter.column)) return true;
    const result = evaluate(filter, typeOf(filter.column) ?? 'text', record[filter.column]);
    if (result === undefined) return false;
    return filter.negate ? !result : result;
  });
}
