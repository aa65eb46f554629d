// PostgREST's schema cache: the exposed schema's tables, views, columns, keys, foreign keys and
// functions, read from the catalog. Migrations may run after the gateway starts, so the cache
// reloads on `NOTIFY pgrst, 'reload schema'`, when a cheap catalog fingerprint changes, and (at
// most every half second) when a request names something the cache does not know.
import pg from 'pg';
import { catalogQuery, fingerprintQuery } from './catalog-sql.ts';

export interface Column {
  name: string;
  /** format_type() of the column, e.g. `timestamp with time zone`. */
  type: string;
  /** The base type name, domains resolved, e.g. `tsvector`, `jsonb`, `_text` for text[]. */
  baseType: string;
  /** The default expression, as pg_get_expr writes it; null when none. */
  default?: string | null;
}

export interface Table {
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints, each as its column list. */
  uniqueKeys: string[][];
  /** For a view: the base table and column each of its columns shows, by view column. */
  origins?: Map<string, [table: string, column: string]>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  /** The table or view whose row type the parameter is, if any. */
  relation?: string | null;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  /** `void`; `scalar` (also setof scalar); `composite` (a row type or RETURNS TABLE). */
  returns: 'void' | 'scalar' | 'composite';
  /** Columns of a composite result, for select, filters and order. */
  resultColumns: Map<string, Column>;
  volatile: boolean;
  /** The planner's row estimate (ROWS): 1 makes a set-returning computed relationship to-one. */
  rows: number;
  /** The table or view whose rows the function returns, if any: its relationships apply to the result. */
  relation?: string | null;
}

/** One exposed schema's objects. */
export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  /** Type names a `::cast` may use, with their schema (pg_catalog wins over public). */
  types: Map<string, string>;
}

interface CatalogRow {
  fingerprint: string;
  tables: Array<{ name: string; kind: string; columns: Column[]; pk: string[] | null; uniques: string[][] | null; origins: Record<string, [string, string]> | null }>;
  fkeys: ForeignKey[];
  routines: Array<{ name: string; params: RoutineParam[]; returnsSet: boolean; returns: Routine['returns']; columns: Column[] | null; volatile: boolean; rows: number; relation: string | null }>;
  types: Array<[string, string]>;
}

function toCache(schema: string, row: CatalogRow): SchemaCache {
  const byName = (columns: Column[] | null) => new Map((columns ?? []).map((c) => [c.name, c]));
  const tables = new Map<string, Table>();
  for (const t of row.tables) {
    tables.set(t.name, {
      name: t.name,
      isView: t.kind === 'v' || t.kind === 'm',
      columns: byName(t.columns),
      primaryKey: t.pk ?? [],
      uniqueKeys: t.uniques ?? [],
      ...(t.origins && { origins: new Map(Object.entries(t.origins)) }),
    });
  }
  const routines = new Map<string, Routine[]>();
  for (const r of row.routines) {
    const routine: Routine = { name: r.name, params: r.params, returnsSet: r.returnsSet, returns: r.returns, resultColumns: byName(r.columns), volatile: r.volatile, rows: r.rows, relation: r.relation };
    routines.set(r.name, [...(routines.get(r.name) ?? []), routine]);
  }
  return { schema, tables, foreignKeys: row.fkeys, routines, types: new Map(row.types) };
}

/** Each exposed schema's cache, by name. */
export type SchemaCaches = Map<string, SchemaCache>;

export interface SchemaCacheHolder {
  /** The current caches, loading them first if they never loaded. */
  get(): Promise<SchemaCaches>;
  /** Called when a request names an unknown object: reloads unless a reload just happened. */
  refreshOnMiss(): Promise<SchemaCaches>;
  reload(): Promise<SchemaCaches>;
  close(): Promise<void>;
}

export interface SchemaCacheOptions {
  pool: pg.Pool;
  /** Where to LISTEN for `NOTIFY pgrst`; a dedicated connection, like PostgREST's listener. */
  listenUrl: string;
  /** db-schemas: the schemas exposed. */
  schemas: string[];
  pollMs?: number;
}

export function createSchemaCache(options: SchemaCacheOptions): SchemaCacheHolder {
  let cache: SchemaCaches | undefined;
  let fingerprint = '';
  let loading: Promise<SchemaCaches> | undefined;
  let loadedAt = 0;
  let closed = false;
  let listener: pg.Client | undefined;

  function reload(): Promise<SchemaCaches> {
    loading ??= (async () => {
      try {
        const loaded: SchemaCaches = new Map();
        const fingerprints: string[] = [];
        for (const schema of options.schemas) {
          const { rows } = await options.pool.query<{ catalog: CatalogRow }>(catalogQuery, [schema]);
          const row = rows[0]!.catalog;
          loaded.set(schema, toCache(schema, row));
          fingerprints.push(row.fingerprint);
        }
        cache = loaded;
        fingerprint = fingerprints.join(',');
        loadedAt = Date.now();
        return cache;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  async function checkFingerprint(): Promise<void> {
    if (closed || loading) return;
    try {
      const now: string[] = [];
      for (const schema of options.schemas) {
        const { rows } = await options.pool.query<{ fingerprint: string }>(fingerprintQuery, [schema]);
        now.push(rows[0]?.fingerprint ?? '');
      }
      if (now.join(',') !== fingerprint) await reload();
    } catch {
      // The database is restarting or busy: the next tick tries again.
    }
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: options.listenUrl });
    listener = client;
    const retry = () => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void listen(), 1000).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload === '' || payload === 'reload schema') reload().catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query('listen pgrst');
    } catch {
      retry();
    }
  }

  const timer = setInterval(() => void checkFingerprint(), options.pollMs ?? 2000);
  timer.unref();
  void listen();

  return {
    get: () => (cache ? Promise.resolve(cache) : reload()),
    async refreshOnMiss() {
      if (cache && Date.now() - loadedAt < 500) return cache;
      return reload();
    },
    reload,
    async close() {
      closed = true;
      clearInterval(timer);
      const client = listener;
      listener = undefined;
      await loading?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
