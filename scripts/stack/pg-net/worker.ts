// pg_net's background worker, played by the local stack: takes the requests queued in
// net.http_request_queue, performs them, writes each outcome into net._http_response with the
// request's id, and removes the request from the queue. Woken by the queue's trigger (LISTEN),
// with a short poll as a safety net for a missed notification. Responses older than pg_net's
// default TTL (6 hours) are deleted, as the extension does.
import pg from 'pg';

const pollMs = 1000;
const batchSize = 200;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  timeout_milliseconds: number;
}

/** A row of net._http_response without its id and time. */
export interface Outcome {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

export interface PgNetWorker {
  close(): Promise<void>;
}

/** The failure text curl (the real worker's client) gives for the same cause. */
function failure(error: unknown, timeoutMs: number): Outcome {
  const none = { status_code: null, content_type: null, headers: null, content: null };
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { ...none, timed_out: true, error_msg: `Timeout of ${timeoutMs} ms reached` };
  }
  const code = (error as { cause?: { code?: string } }).cause?.code;
  const message =
    code === 'ECONNREFUSED' ? "Couldn't connect to server"
    : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? "Couldn't resolve host name"
    : (error as Error).message;
  return { ...none, timed_out: false, error_msg: message };
}

async function perform(request: QueuedRequest): Promise<Outcome> {
  try {
    const response = await fetch(request.url, {
      method: request.method.toUpperCase(),
      headers: request.headers,
      body: request.body ?? undefined,
      signal: AbortSignal.timeout(request.timeout_milliseconds),
    });
    const content = await response.text();
    return {
      status_code: response.status,
      content_type: response.headers.get('content-type'),
      headers: Object.fromEntries(response.headers),
      content,
      timed_out: false,
      error_msg: null,
    };
  } catch (error) {
    return failure(error, request.timeout_milliseconds);
  }
}

export async function startPgNetWorker(databaseUrl: string): Promise<PgNetWorker> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  const report = (error: Error) => {
    if (!closed) console.error(`pg_net worker: ${error.message}`);
  };
  // An idle connection cut by a database restart: the pool opens a new one on the next query.
  pool.on('error', report);

  async function drain(): Promise<void> {
    for (;;) {
      const { rows } = await pool.query<QueuedRequest>(
        `delete from net.http_request_queue where id in (
           select id from net.http_request_queue order by id limit $1 for update skip locked)
         returning id, method, url, headers, body, timeout_milliseconds`,
        [batchSize],
      );
      if (rows.length === 0) break;
      const outcomes = await Promise.all(rows.map(perform));
      await pool.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         select * from jsonb_to_recordset($1::jsonb)
           as r (id bigint, status_code integer, content_type text, headers jsonb, content text, timed_out boolean, error_msg text)`,
        [JSON.stringify(rows.map((row, i) => ({ id: row.id, ...outcomes[i] })))],
      );
    }
    await pool.query(`delete from net._http_response where created < now() - interval '6 hours'`);
  }

  /** One drain at a time; a wake-up during a drain runs one more after it. */
  function wake(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(report)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  /** LISTENs on a connection of its own; a lost one is replaced at the next poll. */
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', wake);
    client.on('error', (error) => {
      report(error);
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query('listen pg_net_request');
    listener = client;
  }

  function tick(): void {
    if (!listener && !connecting && !closed) {
      connecting = listen()
        .catch(report)
        .finally(() => {
          connecting = undefined;
        });
    }
    wake();
  }

  await listen();
  const poll = setInterval(tick, pollMs);
  wake();

  return {
    async close() {
      closed = true;
      clearInterval(poll);
      await connecting;
      await running;
      await listener?.end();
      await pool.end();
    },
  };
}
