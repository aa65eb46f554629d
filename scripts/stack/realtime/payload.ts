// The `data` of a postgres_changes message, shaped as realtime.apply_rls builds it for one role:
// the columns that role may SELECT (with pg_type names, in table order), the record limited to
// them, and on an RLS table a DELETE's old record limited to the primary key, since a deleted row
// can no longer be checked against the policies.
import type { ChangeEvent } from './bindings.ts';
import type { ChangeData } from './change-data.ts';

export interface PostgresChangesData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeEvent;
  columns: Array<{ name: string; type: string }>;
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

/** `2026-01-02 10:00:00.123456+00` → `2026-01-02T10:00:00.123Z`, Realtime's commit_timestamp format. */
export function commitTimestamp(walTimestamp: string): string {
  const iso = walTimestamp.trim().replace(' ', 'T').replace(/([+-]\d{2})(\d{2})?$/, (_, hours: string, minutes?: string) => `${hours}:${minutes ?? '00'}`);
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? walTimestamp : date.toISOString();
}

function only(record: Record<string, unknown> | null, allowed: (name: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record ?? {}).filter(([name]) => allowed(name)));
}

export function shapeChange(event: ChangeEvent, schema: string, table: string, walTimestamp: string, data: ChangeData, role: string): PostgresChangesData {
  const selectable = new Set(data.columns.filter((c) => c.selectableBy[role]).map((c) => c.name));
  const payload: PostgresChangesData = {
    schema,
    table,
    commit_timestamp: commitTimestamp(walTimestamp),
    type: event,
    columns: data.columns.filter((c) => selectable.has(c.name)).map(({ name, type }) => ({ name, type })),
    errors: null,
  };
  if (event !== 'DELETE') payload.record = only(data.record, (name) => selectable.has(name));
  if (event === 'UPDATE') payload.old_record = only(data.oldRecord, (name) => selectable.has(name));
  if (event === 'DELETE') {
    payload.old_record = only(data.oldRecord, (name) => selectable.has(name) && (!data.rls || data.primaryKey.includes(name)));
  }
  return payload;
}
