// Splits a query string into PostgREST's reserved parameters (select, columns, on_conflict, and
// the per-embed order/limit/offset/and/or) and filters, as PostgREST's QueryParams does.
import type { EmbedPath, QueryParams, Range } from './ast.ts';
import { RestError } from './errors.ts';
import { parseFilterValue, parseLogic } from './filter-grammar.ts';
import { parseColumnList, parseOrder, parseSelect, parseTreePath } from './grammar.ts';

const embeddable = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** Percent-decoding that, like PostgREST's, never fails: malformed escapes stay as they are. */
function decode(text: string): string {
  const plus = text.replace(/\+/g, ' ');
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < plus.length; i++) {
      const hex = plus.slice(i + 1, i + 3);
      if (plus[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(plus[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
}

/** `a=1&b&c=` → [['a','1'], ['c','']]: keys without `=` carry no value and are dropped. */
export function splitQuery(search: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    if (!part || eq < 0) continue;
    pairs.push([decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return pairs;
}

export const pathKey = (path: EmbedPath): string => JSON.stringify(path);

function parseRangeValue(value: string): number | undefined {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function parseQueryParams(pairs: Array<[string, string]>, options: { rpcRead: boolean }): QueryParams {
  const first = (name: string) => pairs.find(([k]) => k === name)?.[1];
  const selectText = first('select');
  const columnsText = first('columns');
  const onConflictText = first('on_conflict');
  const params: QueryParams = {
    select: selectText === undefined ? [{ kind: 'star' }] : parseSelect(selectText),
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    rpcArgs: [],
    ...(columnsText !== undefined && { columns: parseColumnList(columnsText, 'columns parameter') }),
    ...(onConflictText !== undefined && { onConflict: parseColumnList(onConflictText, 'on_conflict parameter') }),
  };
  if (params.select.length === 0) params.select = [{ kind: 'star' }];
  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();

  for (const [key, value] of pairs) {
    if (key === 'select' || key === 'columns' || key === 'on_conflict') continue;
    const segments = key.split('.');
    const last = segments[segments.length - 1]!;
    if (embeddable.has(last) && value !== '') {
      const prefix = segments.slice(0, -1);
      if (last === 'and' || last === 'or') {
        const negate = prefix.includes('not');
        const path = prefix.filter((s) => s !== 'not');
        params.logic.push({ path, tree: parseLogic(negate ? `not.${last}` : last, value) });
      } else {
        const path = parseTreePath(key).path;
        if (last === 'order') {
          if (!params.order.some((o) => pathKey(o.path) === pathKey(path))) params.order.push({ path, terms: parseOrder(value) });
        } else {
          const n = parseRangeValue(value);
          if (n !== undefined) (last === 'limit' ? limits : offsets).set(pathKey(path), n);
        }
      }
      continue;
    }
    const { path, field } = parseTreePath(key);
    if (options.rpcRead && path.length === 0 && field.jsonPath.length === 0) {
      try {
        params.filters.push({ path, filter: { field, expr: parseFilterValue(value) } });
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        params.rpcArgs.push([field.name, value]);
      }
      continue;
    }
    params.filters.push({ path, filter: { field, expr: parseFilterValue(value) } });
  }

  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    const offset = offsets.get(key) ?? 0;
    if (offset < 0) throw new RestError(400, '2201X', 'OFFSET must not be negative');
    const range: Range = { offset };
    const limit = limits.get(key);
    if (limit !== undefined) range.limit = limit;
    params.ranges.set(key, range);
  }
  return params;
}
