// May these subscribers see this row? Asked of Postgres itself, as Realtime's walrus_rls_stmt does:
// with each subscriber's role and `request.jwt.claims` set, does the row, looked up by primary key,
// pass the table's RLS policies? The database stays the only judge of visibility.
//
// As Realtime's apply_rls judges one change for all its subscriptions in one call, the checks of
// one change go to Postgres in one round trip per connection: a pipeline (the REST service's,
// statements prepared once per connection) of, for each subscriber, the session's role and claims
// and then the lookup. The subscribers are shared among the connections, which work in parallel.
// No other query ever runs on these connections, and every check sets role and claims first.
// A failure that is no answer (a broken connection, a cancelled statement) is asked again.
import pg from 'pg';
import { pipeline, PipelineError, type Statement } from '../rest/pipeline.ts';
import { quoteIdent } from './change-data.ts';
import { isTransient, retryTransient } from './transient.ts';

export interface RowKey {
  schema: string;
  table: string;
  /** Primary-key columns and their values as the WAL gave them. */
  key: Array<{ name: string; value: unknown }>;
}

/** Who asks: a subscriber's database role and its JWT claims as JSON text. */
export interface Viewer {
  role: string;
  claimsJson: string;
}

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A pipeline's answer: every verdict, or the subscriber whose check Postgres refused. */
type Judgement = { verdicts: boolean[] } | { refused: number; error: Error };

export class RlsChecker {
  private readonly pool: pg.Pool;

  constructor(
    connectionString: string,
    private readonly log: (message: string) => void,
    private readonly connections = 4,
  ) {
    // Read-only sessions, and a policy that hangs is cut off after 5 s. A timeout is retried like
    // any cancellation, so such a policy holds later changes back for about 40 s, then its change
    // is reported undelivered.
    const url = new URL(connectionString);
    url.searchParams.set('options', '-c default_transaction_read_only=on -c statement_timeout=5000');
    this.pool = new pg.Pool({ connectionString: url.toString(), max: connections });
    this.pool.on('error', (error) => this.log(`RLS check connection lost while idle: ${error.message}`));
    // A client checked out has no listener of the pool's: a backend terminated right after its
    // startup or the pipeline's last answer (in the same read, before the checkout or release
    // runs) would be an uncaught 'error' event. The pipeline sees the error when it is one, and
    // the pool drops a client that is no longer queryable when it comes back.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /**
   * For each viewer, in order, whether the row passes RLS for them. A connection that breaks or
   * a statement that is cancelled is asked again (a few times), never read as "not visible";
   * when the retries are spent this rejects, and the caller reports the change as undelivered.
   */
  async visibleTo(row: RowKey, viewers: Viewer[]): Promise<boolean[]> {
    const where = row.key.map((column, i) => `${quoteIdent(column.name)} = $${i + 1}`).join(' and ');
    const lookup: Statement = {
      text: `select exists(select 1 from ${quoteIdent(row.schema)}.${quoteIdent(row.table)} where ${where})`,
      values: row.key.map((column) => asText(column.value)),
    };
    const what = `RLS check of ${row.schema}.${row.table} (${row.key.map((c) => `${c.name}=${asText(c.value)}`).join(', ')})`;
    const share = Math.ceil(viewers.length / this.connections);
    const parts = Array.from({ length: Math.ceil(viewers.length / share) }, (_, i) => viewers.slice(i * share, (i + 1) * share));
    return (await Promise.all(parts.map((part) => this.check(lookup, part, what)))).flat();
  }

  private async check(lookup: Statement, viewers: Viewer[], what: string): Promise<boolean[]> {
    if (viewers.length === 0) return [];
    const judged = await retryTransient(what, () => this.judge(lookup, viewers), this.log);
    if ('verdicts' in judged) return judged.verdicts;
    // A refusal (no SELECT grant, a policy raising) means "not visible", never "visible", for
    // that subscriber; Postgres skipped the rest of the pipeline, so the others are asked again.
    const refused = viewers[judged.refused]!;
    this.log(`${what} refused for role ${refused.role} (${judged.error.message}): not delivered to that subscriber`);
    return [
      ...(await this.check(lookup, viewers.slice(0, judged.refused), what)),
      false,
      ...(await this.check(lookup, viewers.slice(judged.refused + 1), what)),
    ];
  }

  /** One pipeline on one connection; throws what is worth another attempt. */
  private async judge(lookup: Statement, viewers: Viewer[]): Promise<Judgement> {
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      const statements = viewers.flatMap((viewer): Statement[] => [
        { text: `select set_config('role', $1, false), set_config('request.jwt.claims', $2, false)`, values: [viewer.role, viewer.claimsJson] },
        lookup,
      ]);
      const results = await pipeline(client, statements);
      return { verdicts: viewers.map((_, i) => results[2 * i + 1]?.[0]?.[0] === 't') };
    } catch (error) {
      // The connection is dropped, so that no half-set role survives on it.
      failure = error as Error;
      const cause = error instanceof PipelineError ? error.error : failure;
      if (error instanceof PipelineError && !isTransient(cause)) return { refused: Math.floor(error.index / 2), error: cause };
      throw cause;
    } finally {
      client.release(failure);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
