// May this subscriber see this row? Asked of Postgres itself, as Realtime's walrus_rls_stmt does:
// with the subscriber's role and `request.jwt.claims` set, does the row, looked up by primary key,
// pass the table's RLS policies? The database stays the only judge of visibility.
//
// The checks run on connections of their own whose role and claims every check sets first, at
// session level: two statements per check instead of four (no begin/commit), which is what keeps
// a change fanned out to many subscribers fast. No other query ever runs on these connections.
import pg from 'pg';
import { quoteIdent } from './change-data.ts';

export interface RowKey {
  schema: string;
  table: string;
  /** Primary-key columns and their values as the WAL gave them. */
  key: Array<{ name: string; value: unknown }>;
}

export class RlsChecker {
  private readonly pool: pg.Pool;

  constructor(connectionString: string, connections = 4) {
    // Read-only sessions, and a policy that hangs cannot hold every later change back for long.
    const url = new URL(connectionString);
    url.searchParams.set('options', '-c default_transaction_read_only=on -c statement_timeout=5000');
    this.pool = new pg.Pool({ connectionString: url.toString(), max: connections });
    this.pool.on('error', () => undefined);
  }

  async rowVisibleTo(row: RowKey, role: string, claimsJson: string): Promise<boolean> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`select set_config('role', $1, false), set_config('request.jwt.claims', $2, false)`, [role, claimsJson]);
      const where = row.key.map((column, i) => `${quoteIdent(column.name)} = $${i + 1}`).join(' and ');
      const { rows } = await client.query<{ visible: boolean }>(
        `select exists(select 1 from ${quoteIdent(row.schema)}.${quoteIdent(row.table)} where ${where}) as visible`,
        row.key.map((column) => (column.value !== null && typeof column.value === 'object' ? JSON.stringify(column.value) : column.value)),
      );
      return rows[0]?.visible === true;
    } catch (error) {
      // A refusal (no SELECT grant, a policy raising) means "not visible", never "visible"; the
      // connection is dropped so that no half-set role survives.
      broken = error as Error;
      return false;
    } finally {
      client.release(broken);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
