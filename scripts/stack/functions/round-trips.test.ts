// The runtime counts each request's network round trips by the service they reached (bootstrap.ts
// wraps fetch per request), and the header that carries the count to it never reaches the caller.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, startRuntime, type TestRuntime } from './test-runtime.ts';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startRuntime();
});
afterAll(() => runtime?.close());

it('counts the round trips of each request, concurrent ones apart, by service', async () => {
  const [many, few, none] = await Promise.all([
    runtime.call('/round-trips?rest=3&auth=1&other=2', { method: 'POST' }),
    runtime.call('/round-trips?rest=1', { method: 'POST' }),
    runtime.call('/round-trips', { method: 'POST' }),
  ]);
  for (const response of [many, few, none]) {
    expect(response.status).toBe(200);
    expect(response.headers.get('x-edge-runtime-round-trips')).toBeNull();
    await json(response);
  }
  const counts = runtime.measured.map((m) => m.roundTrips).sort((a, b) => Object.keys(b).length - Object.keys(a).length);
  expect(counts).toEqual([{ database: 3, auth: 1, other: 2 }, { database: 1 }, {}]);
});
