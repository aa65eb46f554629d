// The query-string grammar on its own: what each PostgREST form parses to, and the PGRST100
// answers for malformed input.
import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseFilterValue, parseLogic } from './filter-grammar.ts';
import { parseColumnList, parseOrder, parseSelect, parseTreePath } from './grammar.ts';
import { parseQueryParams, splitQuery } from './query-params.ts';

function parseFailure(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('select', () => {
  it('parses columns, aliases, casts, JSON paths and star', () => {
    expect(parseSelect('id,label:title,price_cents::text,attributes->>format,meta:attributes->pages::int,*')).toEqual([
      { kind: 'column', field: { name: 'id', jsonPath: [] } },
      { kind: 'column', field: { name: 'title', jsonPath: [] }, alias: 'label' },
      { kind: 'column', field: { name: 'price_cents', jsonPath: [] }, cast: 'text' },
      { kind: 'column', field: { name: 'attributes', jsonPath: [{ arrow: '->>', key: 'format', index: false }] } },
      { kind: 'column', field: { name: 'attributes', jsonPath: [{ arrow: '->', key: 'pages', index: false }] }, alias: 'meta', cast: 'int' },
      { kind: 'star' },
    ]);
  });

  it('parses nested embeds with aliases, !inner and !hint', () => {
    expect(parseSelect('*,items:order_items!inner(id,product:products!fk_product(title)),customers!left(name)')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed', name: 'order_items', alias: 'items', inner: true,
        children: [
          { kind: 'column', field: { name: 'id', jsonPath: [] } },
          { kind: 'embed', name: 'products', alias: 'product', hint: 'fk_product', inner: false, children: [{ kind: 'column', field: { name: 'title', jsonPath: [] } }] },
        ],
      },
      { kind: 'embed', name: 'customers', inner: false, children: [{ kind: 'column', field: { name: 'name', jsonPath: [] } }] },
    ]);
  });

  it('reads quoted names, dashes and array indexes', () => {
    expect(parseSelect('"a,b":"odd name",first-name,data->0->>x')).toEqual([
      { kind: 'column', field: { name: 'odd name', jsonPath: [] }, alias: 'a,b' },
      { kind: 'column', field: { name: 'first-name', jsonPath: [] } },
      { kind: 'column', field: { name: 'data', jsonPath: [{ arrow: '->', key: '0', index: true }, { arrow: '->>', key: 'x', index: false }] } },
    ]);
  });

  it('refuses unbalanced parentheses and stray characters with PGRST100', () => {
    for (const input of ['id,items(id', 'id)', 'items(id))', 'id,,name', 'id name(']) {
      const error = parseFailure(() => parseSelect(input));
      expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
      expect(error.message).toContain(`failed to parse select parameter (${input})`);
    }
  });

  it('reads aggregates, their aliases and casts, and spreads', () => {
    expect(parseSelect('total:total_cents::int8.sum()::text')).toEqual([
      { kind: 'column', field: { name: 'total_cents', jsonPath: [] }, alias: 'total', cast: 'int8', aggregate: 'sum', aggregateCast: 'text' },
    ]);
    expect(parseSelect('n:count()')).toEqual([{ kind: 'column', field: { name: '*', jsonPath: [] }, alias: 'n', aggregate: 'count' }]);
    expect(parseSelect('...customers!inner(name)')).toEqual([
      { kind: 'embed', name: 'customers', inner: true, spread: true, children: [{ kind: 'column', field: { name: 'name', jsonPath: [] } }] },
    ]);
    expect(parseFailure(() => parseSelect('...customers'))).toMatchObject({ code: 'PGRST100' });
  });

  it('bounds nesting so a hostile select cannot exhaust the stack', () => {
    const deep = `${'a('.repeat(200)}id${')'.repeat(200)}`;
    expect(parseFailure(() => parseSelect(deep))).toMatchObject({ code: 'PGRST100' });
  });
});

describe('filters', () => {
  it('parses every operator', () => {
    const cases: Array<[string, unknown]> = [
      ['eq.5', { negate: false, operation: { kind: 'quant', op: 'eq', value: '5' } }],
      ['neq.a.b', { negate: false, operation: { kind: 'simple', op: 'neq', value: 'a.b' } }],
      ['not.gte.2024-01-01', { negate: true, operation: { kind: 'quant', op: 'gte', value: '2024-01-01' } }],
      ['like.*prière*', { negate: false, operation: { kind: 'quant', op: 'like', value: '*prière*' } }],
      ['ilike(any).{a*,b*}', { negate: false, operation: { kind: 'quant', op: 'ilike', quantifier: 'any', value: '{a*,b*}' } }],
      ['in.(1,"a,b",  "q\\"uote")', { negate: false, operation: { kind: 'in', values: ['1', 'a,b', '  "q\\"uote"'] } }],
      ['in.()', { negate: false, operation: { kind: 'in', values: [''] } }],
      ['is.NULL', { negate: false, operation: { kind: 'is', value: 'null' } }],
      ['not.is.not_null', { negate: true, operation: { kind: 'is', value: 'not_null' } }],
      ['isdistinct.x', { negate: false, operation: { kind: 'isdistinct', value: 'x' } }],
      ['cs.{a,b}', { negate: false, operation: { kind: 'simple', op: 'cs', value: '{a,b}' } }],
      ['cd.{"x":1}', { negate: false, operation: { kind: 'simple', op: 'cd', value: '{"x":1}' } }],
      ['ov.[1,3)', { negate: false, operation: { kind: 'simple', op: 'ov', value: '[1,3)' } }],
      ['wfts(french).prière lumière', { negate: false, operation: { kind: 'fts', op: 'wfts', language: 'french', value: 'prière lumière' } }],
      ['match.^A', { negate: false, operation: { kind: 'quant', op: 'match', value: '^A' } }],
    ];
    for (const [input, expected] of cases) expect(parseFilterValue(input), input).toEqual(expected);
  });

  it('refuses unknown operators and bad is-values', () => {
    expect(parseFailure(() => parseFilterValue('foo.1'))).toMatchObject({ code: 'PGRST100', details: 'unexpected "f" expecting operator (eq, gt, ...)' });
    expect(parseFailure(() => parseFilterValue('is.maybe'))).toMatchObject({ code: 'PGRST100' });
    expect(parseFailure(() => parseFilterValue('in.(1,2'))).toMatchObject({ code: 'PGRST100' });
    expect(parseFailure(() => parseFilterValue('eq'))).toMatchObject({ code: 'PGRST100' });
  });

  it('parses keys with embed paths and JSON paths', () => {
    expect(parseTreePath('order_items.quantity')).toEqual({ path: ['order_items'], field: { name: 'quantity', jsonPath: [] } });
    expect(parseTreePath('attributes->>format')).toEqual({ path: [], field: { name: 'attributes', jsonPath: [{ arrow: '->>', key: 'format', index: false }] } });
  });
});

describe('or/and trees', () => {
  it('nests and/or/not with quoted and array values', () => {
    expect(parseLogic('or', '(status.eq.paid,and(total_cents.gt.100,note.is.null),not.and(a.eq."x,y",tags.cs.{a,b}),id.in.(1,2))')).toEqual({
      kind: 'logic', negate: false, op: 'or', children: [
        { kind: 'filter', filter: { field: { name: 'status', jsonPath: [] }, expr: { negate: false, operation: { kind: 'quant', op: 'eq', value: 'paid' } } } },
        { kind: 'logic', negate: false, op: 'and', children: [
          { kind: 'filter', filter: { field: { name: 'total_cents', jsonPath: [] }, expr: { negate: false, operation: { kind: 'quant', op: 'gt', value: '100' } } } },
          { kind: 'filter', filter: { field: { name: 'note', jsonPath: [] }, expr: { negate: false, operation: { kind: 'is', value: 'null' } } } },
        ] },
        { kind: 'logic', negate: true, op: 'and', children: [
          { kind: 'filter', filter: { field: { name: 'a', jsonPath: [] }, expr: { negate: false, operation: { kind: 'quant', op: 'eq', value: 'x,y' } } } },
          { kind: 'filter', filter: { field: { name: 'tags', jsonPath: [] }, expr: { negate: false, operation: { kind: 'simple', op: 'cs', value: '{a,b}' } } } },
        ] },
        { kind: 'filter', filter: { field: { name: 'id', jsonPath: [] }, expr: { negate: false, operation: { kind: 'in', values: ['1', '2'] } } } },
      ],
    });
    expect(parseLogic('not.and', '(a.eq.1)')).toMatchObject({ negate: true, op: 'and' });
  });

  it('refuses empty, unbalanced and operator-less trees', () => {
    for (const value of ['()', '(a.eq.1', '(a.eq.1))', '(a.1)', 'a.eq.1', '(and(a.eq.1)']) {
      expect(parseFailure(() => parseLogic('or', value)), value).toMatchObject({ code: 'PGRST100' });
    }
  });
});

describe('order and column lists', () => {
  it('parses directions, nulls placement, JSON paths and related orders', () => {
    expect(parseOrder('created_at.desc,id,title.asc.nullslast,attributes->>format.desc.nullsfirst,customers(name).desc')).toEqual([
      { field: { name: 'created_at', jsonPath: [] }, direction: 'desc' },
      { field: { name: 'id', jsonPath: [] } },
      { field: { name: 'title', jsonPath: [] }, direction: 'asc', nulls: 'last' },
      { field: { name: 'attributes', jsonPath: [{ arrow: '->>', key: 'format', index: false }] }, direction: 'desc', nulls: 'first' },
      { relation: 'customers', field: { name: 'name', jsonPath: [] }, direction: 'desc' },
    ]);
    expect(parseFailure(() => parseOrder('id.sideways'))).toMatchObject({ code: 'PGRST100' });
  });

  it('parses columns= and on_conflict= lists as supabase-js sends them', () => {
    expect(parseColumnList('"reference","total_cents",note', 'columns parameter')).toEqual(['reference', 'total_cents', 'note']);
    expect(parseFailure(() => parseColumnList('a,', 'columns parameter'))).toMatchObject({ code: 'PGRST100' });
  });
});

describe('query string', () => {
  it('groups reserved parameters by embed level and keeps filters', () => {
    const params = parseQueryParams(
      splitQuery('select=*,items(*)&status=eq.paid&items.quantity=gt.1&items.order=id.desc&items.limit=2&limit=10&offset=5&or=(a.eq.1,b.eq.2)&items.or=(c.eq.3)&novalue'),
      { rpcRead: false },
    );
    expect(params.filters).toEqual([
      { path: [], filter: { field: { name: 'status', jsonPath: [] }, expr: { negate: false, operation: { kind: 'quant', op: 'eq', value: 'paid' } } } },
      { path: ['items'], filter: { field: { name: 'quantity', jsonPath: [] }, expr: { negate: false, operation: { kind: 'quant', op: 'gt', value: '1' } } } },
    ]);
    expect(params.order).toEqual([{ path: ['items'], terms: [{ field: { name: 'id', jsonPath: [] }, direction: 'desc' }] }]);
    expect(params.ranges.get('[]')).toEqual({ offset: 5, limit: 10 });
    expect(params.ranges.get('["items"]')).toEqual({ offset: 0, limit: 2 });
    expect(params.logic.map((l) => l.path)).toEqual([[], ['items']]);
  });

  it('decodes percent escapes and plus signs, tolerating malformed escapes', () => {
    expect(splitQuery('a=%C3%A9t%C3%A9+x&b=100%&c=%ZZ&d=%E2%28')).toEqual([['a', 'été x'], ['b', '100%'], ['c', '%ZZ'], ['d', '\ufffd(']]);
  });

  it('treats operator-less parameters of an RPC read as arguments', () => {
    const params = parseQueryParams(splitQuery('n=3&id=gt.1'), { rpcRead: true });
    expect(params.rpcArgs).toEqual([['n', '3']]);
    expect(params.filters).toHaveLength(1);
  });

  it('answers a malformed filter with PGRST100', () => {
    expect(parseFailure(() => parseQueryParams(splitQuery('id=eq'), { rpcRead: false }))).toMatchObject({ status: 400, code: 'PGRST100' });
  });
});
