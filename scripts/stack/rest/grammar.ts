// PostgREST's select, order, key and column-list grammar, parsed by hand in one pass with no
// regular-expression backtracking (filters and or/and trees: filter-grammar.ts).
import type { AggregateFunction, Field, OrderTerm, SelectItem } from './ast.ts';
import { castName, Cursor, field, fieldName, jsonPath, maxDepth } from './grammar-lexer.ts';

const aggregate = /(sum|avg|count|max|min)\(\)/y;

/** The aggregate call (`sum()`, `count()`...) that starts at `pos`, if any; sticky, so no slicing. */
function aggregateAt(input: string, pos: number): AggregateFunction | undefined {
  aggregate.lastIndex = pos;
  return aggregate.exec(input)?.[1] as AggregateFunction | undefined;
}

function atItemEnd(c: Cursor): boolean {
  return c.done || c.peek() === ',' || c.peek() === ')';
}

function selectItem(c: Cursor, depth: number): SelectItem {
  c.skipSpaces();
  if (c.eat('...')) {
    const name = fieldName(c);
    if (c.peek() !== '!' && c.peek() !== '(') throw c.fail('"!" or "("');
    return { ...embed(c, name, undefined, depth), spread: true };
  }
  if (c.eat('*')) {
    c.skipSpaces();
    if (!atItemEnd(c)) throw c.fail('",", ")" or end of input');
    return { kind: 'star' };
  }
  let alias: string | undefined;
  const start = c.pos;
  try {
    const candidate = fieldName(c);
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++;
      alias = candidate;
    } else c.pos = start;
  } catch {
    c.pos = start;
  }
  if (c.startsWith('count()')) {
    c.pos += 'count()'.length;
    const aggregateCast = c.eat('::') ? castName(c) : undefined;
    c.skipSpaces();
    if (!atItemEnd(c)) throw c.fail('"::", ",", ")" or end of input');
    return { kind: 'column', field: { name: '*', jsonPath: [] }, aggregate: 'count', ...(alias !== undefined && { alias }), ...(aggregateCast && { aggregateCast }) };
  }
  const name = fieldName(c);
  if (c.peek() === '!' || c.peek() === '(') return embed(c, name, alias, depth);
  const path = jsonPath(c, ',)(:.');
  let cast: string | undefined;
  if (c.eat('::')) cast = castName(c);
  const fn = c.peek() === '.' ? aggregateAt(c.input, c.pos + 1) : undefined;
  let aggregateCast: string | undefined;
  if (fn) {
    c.pos += 1 + fn.length + 2;
    if (c.eat('::')) aggregateCast = castName(c);
  }
  c.skipSpaces();
  if (!atItemEnd(c)) throw c.fail('"->", "::", ",", ")" or end of input');
  return {
    kind: 'column',
    field: { name, jsonPath: path },
    ...(alias !== undefined && { alias }),
    ...(cast && { cast }),
    ...(fn && { aggregate: fn }),
    ...(aggregateCast && { aggregateCast }),
  };
}

function embed(c: Cursor, name: string, alias: string | undefined, depth: number): SelectItem & { kind: 'embed' } {
  let hint: string | undefined;
  let inner = false;
  const keyword = (word: string) => c.startsWith(word) && '!('.includes(c.peek(word.length) || 'x') && c.eat(word);
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    if (keyword('inner')) inner = true;
    else if (!keyword('left')) hint = fieldName(c);
  }
  if (depth >= maxDepth) throw c.fail('less nesting');
  c.expect('(');
  const children = selectForest(c, depth + 1);
  c.expect(')', '",", ")"');
  c.skipSpaces();
  if (!atItemEnd(c)) throw c.fail('",", ")" or end of input');
  return { kind: 'embed', name, inner, children, ...(alias !== undefined && { alias }), ...(hint !== undefined && { hint }) };
}

function selectForest(c: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.done || c.peek() === ')') return items;
  for (;;) {
    items.push(selectItem(c, depth));
    c.skipSpaces();
    if (!c.eat(',')) return items;
  }
}

export function parseSelect(input: string): SelectItem[] {
  const c = new Cursor(input, 'select parameter');
  const items = selectForest(c, 0);
  if (!c.done) throw c.fail('",", or end of input');
  return items;
}

/** A filter key: `col`, `col->json->>path`, `embed.col`, `a.b.col`. */
export function parseTreePath(input: string): { path: string[]; field: Field } {
  const c = new Cursor(input, 'tree path');
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const path = jsonPath(c, '');
  if (!c.done) throw c.fail('"->", "." or end of input');
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, jsonPath: path } };
}

export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input, 'order');
  const terms: OrderTerm[] = [];
  do {
    c.skipSpaces();
    const start = c.pos;
    let term: OrderTerm;
    const name = fieldName(c);
    if (c.eat('(')) {
      term = { relation: name, field: field(c, ',)(:.') };
      c.expect(')');
    } else {
      c.pos = start;
      term = { field: field(c, ',(:.') };
    }
    if (c.eat('.asc')) term.direction = 'asc';
    else if (c.eat('.desc')) term.direction = 'desc';
    if (c.eat('.nullsfirst')) term.nulls = 'first';
    else if (c.eat('.nullslast')) term.nulls = 'last';
    c.skipSpaces();
    if (!c.done && c.peek() !== ',') throw c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    terms.push(term);
  } while (c.eat(','));
  return terms;
}

export function parseColumnList(input: string, what: string): string[] {
  const c = new Cursor(input, what);
  const names: string[] = [];
  do {
    c.skipSpaces();
    names.push(fieldName(c));
    c.skipSpaces();
  } while (c.eat(','));
  if (!c.done) throw c.fail('"," or end of input');
  return names;
}
