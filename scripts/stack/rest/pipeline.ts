// Several statements in one round trip, as PostgREST (hasql) pipelines them: Parse/Bind/Execute
// for each, one Sync at the end, through pg's public "submittable" interface. Values are sent as
// text and rows come back as text, which is all the REST layer needs (bodies are JSON text).
// Statements that repeat are prepared under a name per connection, so Postgres plans them once;
// a small per-connection LRU with Close messages keeps that cache bounded. Postgres skips every
// message after an error until the Sync, so a failed pipeline leaves the names it parsed or
// closed unknown: they are closed again first thing in the connection's next pipeline.
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface Statement {
  text: string;
  values?: Array<string | null>;
}

export type Row = Array<string | null>;

/** A statement failed: `index` says which, `error` is Postgres's (or the connection's). */
export class PipelineError extends Error {
  constructor(
    readonly error: Error,
    readonly index: number,
  ) {
    super(error.message);
  }
}

interface Connection {
  parse(config: { text: string; name: string; types: number[] }): void;
  bind(config: { statement: string; values: Array<string | null> }): void;
  execute(config: Record<string, never>): void;
  close(config: { type: 'S'; name: string }): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
}

const preparedPerConnection = 32;
const seenLimit = 4096;
/** Statement texts seen recently (by hash): a statement is prepared from its second use on. */
const seen = new Map<string, true>();

interface ClientStatements {
  prepared: Map<string, true>;
  /** Names whose fate a failed pipeline left unknown: closed first in the next pipeline. */
  toClose: Set<string>;
}
const perClient = new WeakMap<object, ClientStatements>();

function statementsOf(client: object): ClientStatements {
  let state = perClient.get(client);
  if (!state) perClient.set(client, (state = { prepared: new Map(), toClose: new Set() }));
  return state;
}

/** The statement's name part, by its text: the same few texts come back with every request. */
const hashes = new Map<string, string>();
function hashOf(text: string): string {
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = createHash('sha1').update(text).digest('hex').slice(0, 24);
    hashes.set(text, hash);
    if (hashes.size > seenLimit) hashes.delete(hashes.keys().next().value!);
  }
  return hash;
}

function remember(hash: string): boolean {
  const again = seen.delete(hash);
  seen.set(hash, true);
  if (seen.size > seenLimit) seen.delete(seen.keys().next().value!);
  return again;
}

class Pipeline {
  private readonly results: Row[][] = [];
  private current: Row[] = [];
  private done = false;
  /**
   * Names this pipeline parsed or closed among its statements. After an error Postgres skips
   * every message up to the Sync, so if it fails, whether each of them exists is unknown: a
   * skipped Close leaves a statement the cache no longer lists, whose name would fail (42P05)
   * when parsed again. Closing them once more is harmless: closing a missing name is no error.
   * (The Closes of `toClose` go first, before anything that can fail.)
   */
  private readonly touchedHere = new Set<string>();

  constructor(
    private readonly statements: Statement[],
    private readonly state: ClientStatements,
    private readonly resolve: (rows: Row[][]) => void,
    private readonly reject: (error: PipelineError) => void,
  ) {}

  submit(connection: Connection): null {
    connection.stream.cork?.();
    try {
      for (const name of this.state.toClose) connection.close({ type: 'S', name });
      this.state.toClose.clear();
      for (const statement of this.statements) {
        const hash = hashOf(statement.text);
        const name = `pgrst_${hash}`;
        const known = this.state.prepared.delete(name);
        const prepare = known || remember(hash);
        if (!known) {
          connection.parse({ text: statement.text, name: prepare ? name : '', types: [] });
          if (prepare) this.touchedHere.add(name);
        }
        if (prepare) this.keep(name, connection);
        connection.bind({ statement: prepare ? name : '', values: statement.values ?? [] });
        connection.execute({});
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private keep(name: string, connection: Connection): void {
    this.state.prepared.set(name, true);
    if (this.state.prepared.size <= preparedPerConnection) return;
    const oldest = this.state.prepared.keys().next().value!;
    this.state.prepared.delete(oldest);
    connection.close({ type: 'S', name: oldest });
    this.touchedHere.add(oldest);
  }

  handleRowDescription(): void {}
  handleDataRow(message: { fields: Row }): void {
    this.current.push(message.fields);
  }
  handleCommandComplete(): void {
    this.results.push(this.current);
    this.current = [];
  }
  handleEmptyQuery(): void {
    this.handleCommandComplete();
  }
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('COPY is not supported');
  }
  handleCopyData(): void {}

  handleError(error: Error): void {
    if (this.done) return;
    this.done = true;
    for (const name of this.touchedHere) {
      this.state.prepared.delete(name);
      this.state.toClose.add(name);
    }
    this.reject(new PipelineError(error, this.results.length));
  }

  handleReadyForQuery(): void {
    if (this.done) return;
    this.done = true;
    this.resolve(this.results);
  }
}

/** Runs the statements in order in one round trip; the rows of each, or the first failure. */
export function pipeline(client: pg.PoolClient, statements: Statement[]): Promise<Row[][]> {
  return new Promise((resolve, reject) => {
    client.query(new Pipeline(statements, statementsOf(client), resolve, reject) as unknown as pg.QueryConfig);
  });
}
