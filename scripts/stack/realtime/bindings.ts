// The `postgres_changes` bindings of a join, read as Realtime's parse_subscription_params reads
// them, and the id each one gets in the join reply (Realtime uses :erlang.phash2 of the params: an
// integer the client stores and then finds in every change's `ids`).
import { createHash } from 'node:crypto';
import { FilterError, parseFilters, type ColumnFilter } from './filters.ts';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Binding {
  id: number;
  event: ChangeEvent | '*';
  /** `*` for every schema (and table). */
  schema: string;
  /** `*` for every table of the schema. */
  table: string;
  filters: ColumnFilter[];
}

export type BindingParse = { ok: true; binding: Binding } | { ok: false; message: string };

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Same params, same id, like phash2: a non-negative integer below 2^27. */
export function bindingId(params: Record<string, unknown>): number {
  return createHash('sha1').update(canonical(params)).digest().readUInt32BE(0) >>> 5;
}

function eventOf(value: unknown): Binding['event'] {
  const event = typeof value === 'string' ? value.toUpperCase() : '*';
  return event === 'INSERT' || event === 'UPDATE' || event === 'DELETE' ? event : '*';
}

const has = (params: Record<string, unknown>, key: string) => params[key] !== undefined && params[key] !== null;

export function parseBinding(raw: unknown): BindingParse {
  const params = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const { schema, table, filter } = params;
  const str = (value: unknown): value is string => typeof value === 'string';
  let target: { schema: string; table: string; filter?: string } | undefined;
  if (str(schema) && str(table) && (!has(params, 'filter') || str(filter))) target = { schema, table, ...(str(filter) ? { filter } : {}) };
  else if (str(schema) && !has(params, 'table') && !has(params, 'filter')) target = { schema, table: '*' };
  else if (str(table) && !has(params, 'schema') && !has(params, 'filter')) target = { schema: 'public', table };
  if (!target) {
    return {
      ok: false,
      message: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`,
    };
  }
  let filters: ColumnFilter[];
  try {
    filters = parseFilters(target.filter);
  } catch (error) {
    if (error instanceof FilterError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, binding: { id: bindingId(params), event: eventOf(params.event), schema: target.schema, table: target.table, filters } };
}

/** How Realtime names a subscription in its error messages. */
export function describeBinding(binding: Binding): string {
  const filters = binding.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`);
  return `event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table}, filters: [${filters.join(', ')}], select: nil`;
}
