// The gateway's bound by waiting time (../../lib/in-flight-limit.ts) in front of the real edge
// runtime, with a short bound: once function calls have stood waiting past it, a new call is
// answered at once with 503, Retry-After and a JSON error, while a function admitted before
// still makes its own calls through the gateway (tagged by the runtime, the tag taken out before
// the callee sees it, and a forged tag is not honoured); once the queue is gone, calls are served
// again with nothing restarted.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueDepth } from '../../lib/in-flight-limit.ts';
import { innerCallHeader } from './inner-calls.ts';
import { json, startRuntime, type TestRuntime } from './test-runtime.ts';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startRuntime({}, { waitBound: { targetMs: 200, intervalMs: 300 } });
}, 60_000);
afterAll(() => runtime?.close());

async function timed(path: string, init: RequestInit = {}): Promise<{ status: number; retryAfter: string | null; body: any; ms: number }> {
  const started = performance.now();
  const response = await runtime.call(path, init);
  const body = await response.json().catch(() => undefined);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body, ms: performance.now() - started };
}

it('refuses new calls at once while calls stand waiting, lets an admitted function make its own calls, and recovers', { timeout: 60_000 }, async () => {
  // Warm: the workers' start is not what is measured.
  for (const path of ['/echo', '/round-trips', '/slow?ms=0']) expect((await timed(path)).status).toBe(200);

  // Admitted now; its own call to echo comes once the queue stands.
  const admittedAt = performance.now();
  const admitted = timed('/round-trips?wait=5000&functions=1');
  // Calls that never answer: a queue waiting past the target.
  const holds = new AbortController();
  const held = Array.from({ length: queueDepth + 5 }, () => runtime.call('/slow?never', { signal: holds.signal }).catch(() => undefined));

  await expect.poll(async () => (await timed('/echo')).status, { timeout: 4000, interval: 100 }).toBe(503);
  // The queue stood before the admitted function made its own call, and stands until the held calls go.
  expect(performance.now() - admittedAt).toBeLessThan(5000);
  const refused = await timed('/echo');
  expect(refused).toMatchObject({ status: 503, body: { code: 'overloaded', message: expect.stringContaining('/functions/v1') } });
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(refused.ms).toBeLessThan(1000);
  // A tag from outside, without the runtime's token, is no inner call.
  expect((await timed('/echo', { headers: { [innerCallHeader]: 'guessed' } })).status).toBe(503);

  const { status, body } = await admitted;
  expect(status).toBe(200);
  expect(body.answers).toHaveLength(1);
  expect(body.answers[0].status).toBe(200);
  expect(Object.keys(JSON.parse(body.answers[0].body).headers)).not.toContain(innerCallHeader);

  holds.abort();
  await Promise.all(held);
  await expect.poll(async () => (await timed('/echo')).status, { timeout: 5000 }).toBe(200);
  const after = await Promise.all(Array.from({ length: 10 }, () => timed('/echo')));
  expect(after.map((a) => a.status)).toEqual(Array(10).fill(200));
  expect(await json(await runtime.call('/slow?ms=0'))).toHaveProperty('pid');
});
