// pg_net's interface served by the local worker: a request queued with net.http_post or
// net.http_get is performed, its outcome lands in net._http_response, and the queue empties.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../lib/free-port.ts';
import { startPgNetTestStack, type PgNetTestStack } from './test-stack.ts';
import type { Outcome } from './worker.ts';

let stack: PgNetTestStack;
beforeAll(async () => {
  stack = await startPgNetTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function responseTo(requestId: string): Promise<Outcome> {
  return vi.waitFor(
    async () => {
      const { rows } = await stack.db.query<Outcome>('select * from net._http_response where id = $1', [requestId]);
      if (!rows[0]) throw new Error(`no response yet to request ${requestId}`);
      return rows[0];
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('pg_net worker', () => {
  it('performs net.http_post with its body, headers and query parameters, and records the response', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `select net.http_post(
         url := $1, body := '{"source": "cron"}',
         params := '{"run": "été 1"}', headers := '{"Authorization": "Bearer k", "Content-Type": "application/json"}'
       ) as id`,
      [`${stack.serverUrl}/functions/v1/reconcile`],
    );
    const response = await responseTo(rows[0]!.id);

    const request = stack.received.find((r) => r.url.startsWith('/functions/v1/reconcile'));
    expect(request).toMatchObject({ method: 'POST', url: '/functions/v1/reconcile?run=%C3%A9t%C3%A9%201' });
    expect(request!.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json' });
    expect(JSON.parse(request!.body)).toEqual({ source: 'cron' });
    expect(response).toMatchObject({ status_code: 201, content_type: 'application/json', content: '{"recorded":true}', timed_out: false, error_msg: null });
    expect(response.headers).toMatchObject({ 'x-recorded': expect.any(String) });
    const queue = await stack.db.query('select id from net.http_request_queue where id = $1', [rows[0]!.id]);
    expect(queue.rows).toEqual([]);
  });

  it('refuses a POST body that is not JSON, as the extension does', async () => {
    await expect(stack.db.query(`select net.http_post($1, '{}', headers := '{"Content-Type": "text/plain"}')`, [stack.serverUrl])).rejects.toThrow(
      'Content-Type header must be "application/json"',
    );
  });

  it('records a request that outlives its timeout as timed out, with no status', async () => {
    const { rows } = await stack.db.query<{ id: string }>(`select net.http_get($1, timeout_milliseconds := 300) as id`, [`${stack.serverUrl}/slow`]);
    expect(await responseTo(rows[0]!.id)).toMatchObject({ status_code: null, timed_out: true, error_msg: 'Timeout of 300 ms reached' });
  });

  it('records an unreachable host as an error', async () => {
    const closedPort = await freePort();
    const { rows } = await stack.db.query<{ id: string }>(`select net.http_post($1, '{}') as id`, [`http://127.0.0.1:${closedPort}/`]);
    expect(await responseTo(rows[0]!.id)).toMatchObject({ status_code: null, timed_out: false, error_msg: "Couldn't connect to server" });
  });
});
