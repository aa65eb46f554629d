// Everything the dispatcher needs to know about one change, in one round trip: whether the table
// is (still) in the publication and has RLS, its columns with pg_type names and which of the
// subscribers' roles may SELECT each, and the record values typed as Realtime sends them. Realtime
// casts each WAL value to its column type and takes to_jsonb of it (realtime.cast); populating a
// row of the table and taking to_jsonb gives the same numbers, booleans, JSON and ISO timestamps.
import type pg from 'pg';
import { publicationName } from './subscribe.ts';
import type { WalChange, WalColumn } from './wal-stream.ts';

export interface ChangeColumn {
  name: string;
  /** pg_type.typname: what Realtime puts in `columns[].type` (int4, bool, timestamptz, ...). */
  type: string;
  selectableBy: Record<string, boolean>;
}

export interface ChangeData {
  published: boolean;
  rls: boolean;
  columns: ChangeColumn[];
  primaryKey: string[];
  /** INSERT and UPDATE: the new row (columns the WAL carries). */
  record: Record<string, unknown> | null;
  /** UPDATE and DELETE: the replica identity before the change. */
  oldRecord: Record<string, unknown> | null;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const jsonTypeOids = new Set([114, 3802]);

/** wal2json writes json/jsonb values as JSON text; the row population wants them as JSON. */
function walObject(columns: WalColumn[] | undefined): Record<string, unknown> | null {
  if (!columns) return null;
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const isJson = jsonTypeOids.has(column.typeoid ?? 0) || column.type === 'json' || column.type === 'jsonb';
    values[column.name] = isJson && typeof column.value === 'string' ? JSON.parse(column.value) : column.value;
  }
  return values;
}

/** Keeps the keys the WAL carried: to_jsonb of a populated row has every column of the table. */
function pick(typed: Record<string, unknown> | null, keys: string[]): Record<string, unknown> | null {
  if (!typed) return null;
  return Object.fromEntries(keys.map((key) => [key, typed[key] ?? null]));
}

export async function loadChangeData(pool: pg.Pool, change: WalChange, roles: string[]): Promise<ChangeData | undefined> {
  const fresh = walObject(change.columns);
  const old = walObject(change.identity);
  // An UPDATE leaving a TOASTed column unchanged omits it; the identity may still carry it.
  const record = fresh && change.action === 'U' && old ? { ...old, ...fresh } : fresh;
  const table = `${quoteIdent(change.schema)}.${quoteIdent(change.table)}`;
  const { rows } = await pool.query<{
    rls: boolean;
    published: boolean;
    columns: ChangeColumn[];
    record: Record<string, unknown> | null;
    old_record: Record<string, unknown> | null;
  }>(
    `select c.relrowsecurity as rls,
            exists(select 1 from pg_publication_tables p where p.pubname = $3 and p.schemaname = $1 and p.tablename = $2) as published,
            coalesce((
              select json_agg(json_build_object(
                       'name', a.attname,
                       'type', t.typname,
                       'selectableBy', (select coalesce(json_object_agg(r.role, has_column_privilege(r.role, c.oid, a.attnum, 'SELECT')), '{}')
                                          from unnest($4::name[]) r(role)))
                     order by a.attnum)
                from pg_attribute a join pg_type t on t.oid = a.atttypid
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
            case when $5::jsonb is null then null else to_jsonb(jsonb_populate_record(null::${table}, $5::jsonb)) end as record,
            case when $6::jsonb is null then null else to_jsonb(jsonb_populate_record(null::${table}, $6::jsonb)) end as old_record
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2`,
    [change.schema, change.table, publicationName, roles, record && JSON.stringify(record), old && JSON.stringify(old)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    published: row.published,
    rls: row.rls,
    columns: row.columns,
    primaryKey: (change.pk ?? []).map((key) => key.name),
    record: pick(row.record, Object.keys(record ?? {})),
    oldRecord: pick(row.old_record, Object.keys(old ?? {})),
  };
}
