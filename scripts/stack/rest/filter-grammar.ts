// PostgREST's filter grammar: `[not.]op.value` with every operator the README lists (quantified
// like(any)/eq(all), in lists with quoted values, is, isdistinct, full-text search with a
// language) and the or/and/not trees of `or=(...)`.
import type { LogicTree, OpExpr, Operation, QuantOp, SimpleOp } from './ast.ts';
import { castName, Cursor, field, maxDepth, quoted } from './grammar-lexer.ts';

const quantOps = new Set<string>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const simpleOps = new Set<string>(['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']);
const ftsOps = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const isValues = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown']);

/** `op.value` with an optional `not.` prefix; `singleValue` reads what follows the operator. */
function opExpr(c: Cursor, singleValue: (c: Cursor) => string): OpExpr {
  const negate = c.eat('not.');
  const start = c.pos;
  while (!c.done && /[a-z_]/.test(c.peek())) c.pos++;
  const op = c.input.slice(start, c.pos);
  let operation: Operation;
  if (op === 'in') {
    c.expect('.', 'delimiter (.)');
    operation = { kind: 'in', values: listValue(c) };
  } else if (op === 'is') {
    c.expect('.', 'delimiter (.)');
    const value = singleValue(c).toLowerCase();
    if (!isValues.has(value)) throw c.fail('isVal: (null, not_null, true, false, unknown)');
    operation = { kind: 'is', value: value as 'null' };
  } else if (op === 'isdistinct') {
    c.expect('.', 'delimiter (.)');
    operation = { kind: 'isdistinct', value: singleValue(c) };
  } else if (ftsOps.has(op)) {
    let language: string | undefined;
    if (c.eat('(')) {
      language = castName(c);
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    operation = { kind: 'fts', op: op as 'fts', value: singleValue(c), ...(language && { language }) };
  } else if (simpleOps.has(op)) {
    c.expect('.', 'delimiter (.)');
    operation = { kind: 'simple', op: op as SimpleOp, value: singleValue(c) };
  } else if (quantOps.has(op)) {
    let quantifier: 'any' | 'all' | undefined;
    if (c.eat('(any)')) quantifier = 'any';
    else if (c.eat('(all)')) quantifier = 'all';
    c.expect('.', 'delimiter (.)');
    operation = { kind: 'quant', op: op as QuantOp, value: singleValue(c), ...(quantifier && { quantifier }) };
  } else {
    c.pos = start;
    throw c.fail('operator (eq, gt, ...)');
  }
  return { negate, operation };
}

function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  const values: string[] = [];
  for (;;) {
    const start = c.pos;
    if (c.peek() === '"') {
      const value = quoted(c);
      if (c.peek() === ',' || c.peek() === ')') {
        values.push(value);
      } else c.pos = start;
    }
    if (c.pos === start) {
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.input.slice(start, c.pos));
    }
    if (!c.eat(',')) break;
  }
  c.expect(')', '"," or ")"');
  c.skipSpaces();
  return values;
}

const restOfInput = (c: Cursor): string => {
  const value = c.input.slice(c.pos);
  c.pos = c.input.length;
  return value;
};

export function parseFilterValue(input: string): OpExpr {
  const c = new Cursor(input, 'filter');
  const expr = opExpr(c, restOfInput);
  if (!c.done) throw c.fail('end of input');
  return expr;
}

/** A value inside `or=(...)`: quoted, a `{...}` array literal, or up to the next `,` or `)`. */
function logicValue(c: Cursor): string {
  const start = c.pos;
  if (c.peek() === '"') {
    const value = quoted(c);
    if (c.done || c.peek() === ',' || c.peek() === ')') return value;
    c.pos = start;
  }
  if (c.peek() === '{') {
    const close = c.input.indexOf('}', c.pos);
    const inner = close < 0 ? '' : c.input.slice(c.pos + 1, close);
    if (close >= 0 && !inner.includes('{')) {
      c.pos = close + 1;
      return `{${inner}}`;
    }
  }
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.input.slice(start, c.pos);
}

function logicTree(c: Cursor, depth: number): LogicTree {
  if (depth >= maxDepth) throw c.fail('less nesting');
  c.skipSpaces();
  const start = c.pos;
  const negate = c.eat('not.');
  const op = c.eat('and(') ? 'and' : c.eat('or(') ? 'or' : undefined;
  if (op) {
    const children: LogicTree[] = [];
    do children.push(logicTree(c, depth + 1));
    while (c.eat(','));
    c.skipSpaces();
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    return { kind: 'logic', negate, op, children };
  }
  c.pos = start;
  const f = field(c, ',)(:.');
  c.expect('.', 'delimiter (.)');
  return { kind: 'filter', filter: { field: f, expr: opExpr(c, logicValue) } };
}

/** `key` is `and`/`or` (possibly `not.or`), `value` the `(...)` that follows. */
export function parseLogic(op: string, value: string): LogicTree {
  const input = `${op}${value}`;
  const c = new Cursor(input, 'logic tree');
  c.pos = op.length;
  if (c.peek() !== '(') throw c.fail('"("');
  c.pos = 0;
  const tree = logicTree(c, 0);
  if (!c.done) throw c.fail('end of input');
  return tree;
}
