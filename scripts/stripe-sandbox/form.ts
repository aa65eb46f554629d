// Stripe's request encoding: `application/x-www-form-urlencoded` (or the query string of a GET)
// with nested names in brackets: `line_items[0][price_data][currency]=eur`, `expand[]=line_items`,
// `metadata[order]=42`, `created[gte]=1700000000`. Decoded here into nested hashes and arrays of
// strings; each endpoint then reads the values it takes (params.ts). The SDK writes arrays with
// indices (`expand[0]=…`), curl users with `[]`: both are arrays.
import { paramErrors } from './errors.ts';

export type FormValue = string | FormValue[] | FormHash;
export interface FormHash {
  [name: string]: FormValue;
}

/** A hash whose keys are all indices, or that `[]` filled: an array once decoded. */
const arrayMark = Symbol('array');
type Building = FormHash & { [arrayMark]?: true };

const isHash = (value: FormValue | undefined): value is Building => typeof value === 'object' && !Array.isArray(value);

/** The bracketed name `a[b][0][]` as its parts: `a`, `b`, `0`, `` (the last one appends). */
function partsOf(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
}

const nameOf = (parts: string[]) => parts[0] + parts.slice(1).map((part) => `[${part}]`).join('');

function insert(root: Building, parts: string[], value: string): void {
  let node = root;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    // `[]` appends: under it the next index; an array of hashes needs indices (`a[0][b]`).
    let part = parts[i]!;
    if (part === '') {
      if (!last || (Object.keys(node).length > 0 && !node[arrayMark])) throw paramErrors.array(nameOf(parts.slice(0, i)));
      node[arrayMark] = true;
      part = String(Object.keys(node).length);
    }
    if (last) {
      // A name given twice keeps its last value; a name that is also a hash is refused.
      if (isHash(node[part])) throw paramErrors.hash(nameOf(parts.slice(0, i + 1)));
      node[part] = value;
      return;
    }
    const next = node[part] ?? {};
    if (!isHash(next)) throw paramErrors.hash(nameOf(parts.slice(0, i + 1)));
    node[part] = next;
    node = next;
  }
}

/** Hashes keyed 0, 1, 2 … (or filled by `[]`) become arrays, in index order. */
function settle(value: FormValue): FormValue {
  if (!isHash(value)) return value;
  const keys = Object.keys(value);
  const settled = Object.fromEntries(keys.map((key) => [key, settle(value[key]!)]));
  if (keys.length > 0 && (value[arrayMark] || keys.every((key) => /^\d+$/.test(key)))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => settled[key]!);
  }
  return settled;
}

/** The parameters of a form body or query string, nested as their brackets say. */
export function parseForm(text: string): FormHash {
  const root: Building = {};
  for (const [name, value] of new URLSearchParams(text)) insert(root, partsOf(name), value);
  return settle(root) as FormHash;
}

/** A JSON body (the tests-only controls take JSON) as the same nested strings a form would give. */
export function formOfJson(value: unknown): FormHash {
  const convert = (item: unknown): FormValue =>
    Array.isArray(item) ? item.map(convert)
    : item !== null && typeof item === 'object' ? Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, convert(inner)]))
    : String(item);
  const converted = convert(value ?? {});
  if (!isHash(converted)) throw paramErrors.hash('body');
  return converted;
}
