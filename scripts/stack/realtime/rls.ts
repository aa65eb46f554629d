// May these subscribers see this row? Asked of Postgres itself, as Realtime's apply_rls does:
// with each subscriber's role and `request.jwt.claims` set, does the row, looked up by primary key,
// pass the table's RLS policies? The database stays the only judge of visibility.
//
// As Realtime's apply_rls judges one change for all its subscriptions in one call, the checks of
// one change are one statement per connection: a function of the session (pg_temp, created on
// each connection before its first check) that prepares the lookup once and then, for each
// subscriber in turn, sets role and claims for the transaction and executes it. Each execution is
// a statement of its own, so a policy's `(select auth.uid())` is evaluated again for every
// subscriber; Postgres plans the lookup again when the role changes, as RLS requires. The loop
// runs inside the database: no round trip, no message to build or parse per subscriber. The
// subscribers are shared among the connections, which work in parallel. The role and claims are
// local to the call's transaction, so nothing of one check survives on the connection.
// A failure that is no answer (a broken connection, a cancelled statement) is asked again.
import pg from 'pg';
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

// `lookup` has the key's values as $1, $2…, `key` gives them as text: the prepared statement infers
// their types from the columns. A plan forced generic is made once per call and role, not once per
// subscriber. The prepared statement is gone at the end of every call that succeeds; one that
// fails ends its connection (see judge), and the statement with it.
const verdictsFunction = `
  create function pg_temp.realtime_rls_verdicts(lookup text, key text[], roles jsonb, claims jsonb) returns boolean[]
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
  declare
    run text := 'execute realtime_rls_lookup'
      || coalesce('(' || (select string_agg(quote_nullable(value), ', ' order by n) from unnest(key) with ordinality k(value, n)) || ')', '');
    verdicts boolean[] := '{}';
    visible boolean;
  begin
    for i in 0 .. jsonb_array_length(roles) - 1 loop
      if i = 0 or roles ->> i is distinct from roles ->> (i - 1) then
        perform set_config('role', roles ->> i, true);
      end if;
      perform set_config('request.jwt.claims', claims ->> i, true);
      if i = 0 then
        execute 'prepare realtime_rls_lookup as ' || lookup;
      end if;
      execute run into visible;
      verdicts := verdicts || visible;
    end loop;
    if jsonb_array_length(roles) > 0 then
      deallocate realtime_rls_lookup;
    end if;
    return verdicts;
  end $$`;

/** One call's answer: every verdict, or Postgres's refusal of one of the subscribers' checks. */
type Judgement = { verdicts: boolean[] } | { refused: Error };

export class RlsChecker {
  private readonly pool: pg.Pool;
  /** Connections whose session has the function. */
  private readonly ready = new WeakSet<pg.PoolClient>();

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
    // startup or the call's answer (in the same read, before the checkout or release runs) would
    // be an uncaught 'error' event. The query sees the error when it is one, and the pool drops a
    // client that is no longer queryable when it comes back.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /**
   * For each viewer, in order, whether the row passes RLS for them. A connection that breaks or
   * a statement that is cancelled is asked again (a few times), never read as "not visible";
   * when the retries are spent this rejects, and the caller reports the change as undelivered.
   */
  async visibleTo(row: RowKey, viewers: Viewer[]): Promise<boolean[]> {
    const where = row.key.map((column, i) => `${quoteIdent(column.name)} = $${i + 1}`).join(' and ');
    const lookup = `select exists(select 1 from ${quoteIdent(row.schema)}.${quoteIdent(row.table)} where ${where})`;
    const key = row.key.map((column) => asText(column.value));
    const what = `RLS check of ${row.schema}.${row.table} (${row.key.map((c) => `${c.name}=${asText(c.value)}`).join(', ')})`;
    const share = Math.ceil(viewers.length / this.connections);
    const parts = Array.from({ length: Math.ceil(viewers.length / share) }, (_, i) => viewers.slice(i * share, (i + 1) * share));
    return (await Promise.all(parts.map((part) => this.check(lookup, key, part, what)))).flat();
  }

  private async check(lookup: string, key: Array<string | null>, viewers: Viewer[], what: string): Promise<boolean[]> {
    if (viewers.length === 0) return [];
    const judged = await retryTransient(what, () => this.judge(lookup, key, viewers), this.log);
    if ('verdicts' in judged) return judged.verdicts;
    // A refusal (no SELECT grant, a policy raising) means "not visible", never "visible", for
    // that subscriber. It ended the whole call: the halves are asked again, down to the one.
    if (viewers.length === 1) {
      this.log(`${what} refused for role ${viewers[0]!.role} (${judged.refused.message}): not delivered to that subscriber`);
      return [false];
    }
    const half = Math.ceil(viewers.length / 2);
    return [...(await this.check(lookup, key, viewers.slice(0, half), what)), ...(await this.check(lookup, key, viewers.slice(half), what))];
  }

  /**
   * One call on one connection. A check Postgres refused is an answer; what is worth another
   * attempt, or is a fault of this code or of the session's set-up, is thrown.
   */
  private async judge(lookup: string, key: Array<string | null>, viewers: Viewer[]): Promise<Judgement> {
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      if (!this.ready.has(client)) {
        await client.query(`begin read write; ${verdictsFunction}; commit`);
        this.ready.add(client);
      }
      // JSON arrays: Node writes them natively, where a text[] literal is escaped element by element.
      const values = [lookup, key, JSON.stringify(viewers.map((viewer) => viewer.role)), JSON.stringify(viewers.map((viewer) => viewer.claimsJson))];
      const { rows } = await client.query<{ verdicts: boolean[] }>('select pg_temp.realtime_rls_verdicts($1, $2, $3, $4) as verdicts', values);
      const verdicts = rows[0]?.verdicts ?? [];
      if (verdicts.length !== viewers.length) throw new TypeError(`RLS check answered ${verdicts.length} verdicts for ${viewers.length} subscribers`);
      return { verdicts: verdicts.map((visible) => visible === true) };
    } catch (error) {
      // The connection is dropped, so that no prepared lookup or half-made session survives.
      failure = error as Error;
      if (this.ready.has(client) && error instanceof pg.DatabaseError && !isTransient(error)) return { refused: error };
      throw error;
    } finally {
      client.release(failure);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
