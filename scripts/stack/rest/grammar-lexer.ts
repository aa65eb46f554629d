// The lexical layer of PostgREST's query-string grammar: a cursor over the input, names (plain,
// dashed or quoted), JSON paths and casts. Errors are PGRST100 with the position of the failure,
// worded like PostgREST's Parsec messages.
import type { Field, JsonStep } from './ast.ts';
import { parseError, type RestError } from './errors.ts';

/** Nesting bound for embeds and or/and trees, so a hostile URL cannot exhaust the stack. */
export const maxDepth = 32;
const identifierChar = /[\p{L}\p{N}_ $]/u;

export class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }
  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }
  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }
  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  fail(expecting: string): RestError {
    const unexpected = this.done ? 'end of input' : JSON.stringify(this.peek());
    return parseError(this.what, this.input, this.pos + 1, `unexpected ${unexpected} expecting ${expecting}`);
  }
  expect(text: string, expecting = JSON.stringify(text)): void {
    if (!this.eat(text)) throw this.fail(expecting);
  }
}

export function quoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === '\\') c.pos++;
    if (c.done) break;
    out += c.peek();
    c.pos++;
  }
  c.expect('"', 'closing quote');
  return out;
}

/** `name`, `"quoted name"` or `dashed-name` (a dash not followed by `>`). */
export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c);
  const start = c.pos;
  for (;;) {
    const before = c.pos;
    while (!c.done && identifierChar.test(c.peek())) c.pos++;
    if (c.pos === before) {
      c.pos = start;
      throw c.fail('field name (* or [a..z0..9_$])');
    }
    if (c.peek() === '-' && c.peek(1) !== '>' && identifierChar.test(c.peek(1))) {
      c.pos++;
      continue;
    }
    break;
  }
  const name = c.input.slice(start, c.pos).trim();
  if (!name) throw c.fail('field name (* or [a..z0..9_$])');
  return name;
}

export function jsonPath(c: Cursor, stopChars: string): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.eat('->>') ? '->>' : c.eat('->') ? '->' : undefined;
    if (!arrow) return steps;
    if (c.peek() === '"') {
      steps.push({ arrow, key: quoted(c), index: false });
      continue;
    }
    const start = c.pos;
    while (!c.done && !stopChars.includes(c.peek()) && !c.startsWith('->') && !c.startsWith('::')) c.pos++;
    const key = c.input.slice(start, c.pos).trim();
    if (!key) throw c.fail('json key or index');
    steps.push({ arrow, key, index: /^-?\d+$/.test(key) });
  }
}

export function field(c: Cursor, stopChars: string): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const path = jsonPath(c, stopChars);
  c.skipSpaces();
  return { name, jsonPath: path };
}

export function castName(c: Cursor): string {
  const start = c.pos;
  while (!c.done && identifierChar.test(c.peek())) c.pos++;
  const cast = c.input.slice(start, c.pos).trim();
  if (!cast) throw c.fail('type name');
  return cast;
}
