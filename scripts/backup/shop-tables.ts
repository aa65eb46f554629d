// What a backup holds of the database: the schemas the shop uses, the tables whose rows go into
// the archive (and those a restore empties without refilling), each table's row count and
// checksum, and the shop's counts for the manifest. Read in one snapshot at backup time, and
// again inside the restore's transaction, so both sides are computed by the same query.
import type pg from 'pg';

/**
 * `public` and `private` are the shop's (supabase/migrations creates no other schema); `auth`
 * and `storage` hold its customers and its buckets. The platform's own schemas (extensions,
 * cron, net, vault, realtime, supabase_migrations…) stay the platform's: the target's
 * migrations and start-up make them.
 */
export const shopSchemas = ['public', 'private', 'auth', 'storage'] as const;

/** The platform's bookkeeping of its own services' migrations: neither dumped nor emptied. */
export const platformTables = ['auth.schema_migrations', 'storage.migrations'];

/**
 * Emptied on the target but never carried: live credentials (sessions, refresh tokens, one-time
 * and PKCE tokens, MFA challenges), so everyone signs in again after a restore; and Storage's
 * object rows and unfinished multipart uploads, whose bytes the archive carries instead and
 * the restore uploads through the Storage API (which writes the rows).
 */
export const notCarriedTables = [
  'auth.sessions',
  'auth.refresh_tokens',
  'auth.one_time_tokens',
  'auth.flow_state',
  'auth.mfa_challenges',
  'auth.mfa_amr_claims',
  'storage.objects',
  'storage.s3_multipart_uploads',
  'storage.s3_multipart_uploads_parts',
];

/**
 * Neither carried nor emptied: each database's own secrets, which the target keeps. The key that
 * signs the contact form's tokens, and the daily salts that keep visitors' hashes unlinkable.
 */
export const targetOwnTables = ['private.contact_form_key', 'private.visit_salts'];

export interface TableChecksum {
  table: string;
  rows: number;
  /** md5 of the rows' md5s in order: equal iff the same rows, whatever their physical order. */
  checksum: string;
}

export interface ShopCounts {
  orders: number;
  orderItems: number;
  customers: number;
  invoices: number;
  lastInvoiceNumber: string | null;
  messages: number;
  contactMessages: number;
}

/** Every ordinary table of the shop's schemas, qualified (`schema.table`), sorted; the platform's bookkeeping aside. */
export async function shopTables(db: pg.ClientBase): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
      order by 1`,
    [shopSchemas],
  );
  return rows.map((r) => r.name).filter((name) => !platformTables.includes(name));
}

/** The tables whose rows the archive carries. */
export function carriedTables(tables: string[]): string[] {
  return tables.filter((name) => !notCarriedTables.includes(name) && !targetOwnTables.includes(name));
}

/** The tables a restore empties without refilling. */
export function emptiedTables(tables: string[]): string[] {
  return tables.filter((name) => notCarriedTables.includes(name));
}

export function quoteTable(name: string): string {
  const [schema, table] = name.split('.');
  return `"${schema!.replaceAll('"', '""')}"."${table!.replaceAll('"', '""')}"`;
}

/** The checksum query of one table, also run by the restore's verification inside its transaction. */
export function checksumQuery(name: string): string {
  return `select count(*)::bigint as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
            from (select md5(t::text) as h from only ${quoteTable(name)} t) rows_of_table`;
}

export async function tableChecksums(db: pg.ClientBase, tables: string[]): Promise<TableChecksum[]> {
  const result: TableChecksum[] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ rows: string; checksum: string }>(checksumQuery(table));
    result.push({ table, rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum });
  }
  return result;
}

export async function shopCounts(db: pg.ClientBase): Promise<ShopCounts> {
  const { rows } = await db.query<Record<string, string | null>>(
    `select (select count(*) from public.orders) as orders,
            (select count(*) from public.order_items) as order_items,
            (select count(*) from public.profiles where role = 'customer') as customers,
            (select count(*) from public.orders where invoice_number is not null) as invoices,
            (select max(invoice_number) from public.orders) as last_invoice_number,
            (select count(*) from public.user_messages) as messages,
            (select count(*) from public.contact_messages) as contact_messages`,
  );
  const row = rows[0]!;
  return {
    orders: Number(row.orders),
    orderItems: Number(row.order_items),
    customers: Number(row.customers),
    invoices: Number(row.invoices),
    lastInvoiceNumber: row.last_invoice_number ?? null,
    messages: Number(row.messages),
    contactMessages: Number(row.contact_messages),
  };
}

/** The migrations applied, as `supabase db push` recorded them: a restore needs the same ones. */
export async function appliedMigrations(db: pg.ClientBase): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>(`select version from supabase_migrations.schema_migrations order by version`);
  return rows.map((r) => r.version);
}
