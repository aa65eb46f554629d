// Reading one request's parameters (form.ts) as an endpoint of Stripe's reads them: each value
// checked for its type with Stripe's error when it is not one (`Invalid integer: abc`, `Missing
// required param: …`, an empty string that would unset), and, once the endpoint has read what it
// takes, any parameter left over refused as Stripe refuses it: 400 `parameter_unknown` naming it
// in full (`line_items[0][price_data][foo]`). Nothing a request sends is silently ignored.
import { paramErrors } from './errors.ts';
import type { FormHash, FormValue } from './form.ts';

export interface Range {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

const isHash = (value: FormValue | undefined): value is FormHash => typeof value === 'object' && !Array.isArray(value);

export class Params {
  readonly #values: FormHash;
  readonly #prefix: string;
  readonly #read = new Set<string>();
  readonly #nested: Params[] = [];

  constructor(values: FormHash, prefix = '') {
    this.#values = values;
    this.#prefix = prefix;
  }

  /** The parameter's full name, as an error names it. */
  nameOf(key: string): string {
    return this.#prefix === '' ? key : `${this.#prefix}[${key}]`;
  }

  #take(key: string): FormValue | undefined {
    this.#read.add(key);
    return this.#values[key];
  }

  #nest(values: FormHash, name: string): Params {
    const nested = new Params(values, name);
    this.#nested.push(nested);
    return nested;
  }

  string(key: string): string | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw paramErrors.string(this.nameOf(key));
    if (value === '') throw paramErrors.empty(this.nameOf(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw paramErrors.missing(this.nameOf(key));
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value)) throw paramErrors.integer(this.nameOf(key), value);
    return Number(value);
  }

  requiredInteger(key: string): number {
    const value = this.integer(key);
    if (value === undefined) throw paramErrors.missing(this.nameOf(key));
    return value;
  }

  enumValue<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) throw paramErrors.enumValue(this.nameOf(key), values);
    return value as T;
  }

  hash(key: string): Params | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (!isHash(value)) throw paramErrors.hash(this.nameOf(key));
    return this.#nest(value, this.nameOf(key));
  }

  requiredHash(key: string): Params {
    const value = this.hash(key);
    if (value === undefined) throw paramErrors.missing(this.nameOf(key));
    return value;
  }

  /** An array of hashes (`line_items[0][…]`, `line_items[1][…]`). */
  hashes(key: string): Params[] | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw paramErrors.array(this.nameOf(key));
    return value.map((item, i) => {
      if (!isHash(item)) throw paramErrors.hash(`${this.nameOf(key)}[${i}]`);
      return this.#nest(item, `${this.nameOf(key)}[${i}]`);
    });
  }

  /** An array of strings (`expand[]`, `enabled_events[]`). */
  strings(key: string): string[] | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw paramErrors.array(this.nameOf(key));
    return value.map((item, i) => {
      if (typeof item !== 'string') throw paramErrors.string(`${this.nameOf(key)}[${i}]`);
      return item;
    });
  }

  /** `metadata[k]=v`: strings under string keys; an empty value sets nothing, as it unsets in Stripe. */
  metadata(key: string): Record<string, string> | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (!isHash(value)) throw paramErrors.hash(this.nameOf(key));
    const entries = Object.entries(value).map(([name, item]) => {
      if (typeof item !== 'string') throw paramErrors.string(`${this.nameOf(key)}[${name}]`);
      return [name, item] as const;
    });
    if (entries.length > 50) throw paramErrors.invalid(this.nameOf(key), 'Invalid metadata: metadata can have up to 50 keys.');
    return Object.fromEntries(entries.filter(([, item]) => item !== ''));
  }

  /** A timestamp filter: `created=…` exactly, or `created[gt|gte|lt|lte]=…`. */
  range(key: string): Range | undefined {
    if (typeof this.#values[key] === 'string') {
      const exactly = this.integer(key)!;
      return { gte: exactly, lte: exactly };
    }
    const bounds = this.hash(key);
    if (bounds === undefined) return undefined;
    return { gt: bounds.integer('gt'), gte: bounds.integer('gte'), lt: bounds.integer('lt'), lte: bounds.integer('lte') };
  }

  /** Refuses the first parameter no one read, here or in a nested hash, as Stripe refuses it. */
  refuseUnread(): void {
    for (const key of Object.keys(this.#values)) {
      if (!this.#read.has(key)) throw paramErrors.unknown(this.nameOf(key));
    }
    for (const nested of this.#nested) nested.refuseUnread();
  }
}

export const inRange = (value: number, range: Range | undefined) =>
  range === undefined ||
  ((range.gt === undefined || value > range.gt) &&
    (range.gte === undefined || value >= range.gte) &&
    (range.lt === undefined || value < range.lt) &&
    (range.lte === undefined || value <= range.lte));
