// Graceful overload (../lib/in-flight-limit.ts), on a stack of its own whose bounds are set small
// through the environment, as a developer would: once a service of the gateway, or the commerce
// sandbox in its own process, works on as many requests as its bound, the next is answered at
// once with 503, Retry-After and a JSON error; other services are not affected; and as soon as the
// held requests end, the same requests are served again, with nothing restarted.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testStackRateLimits } from './auth/rate-limit-settings.ts';
import { startLocalStack, type LocalStack } from './launch.ts';

const bound = 4;
let stack: LocalStack;

beforeAll(async () => {
  process.env.SHOP_GATEWAY_MAX_IN_FLIGHT = String(bound);
  process.env.SHOP_COMMERCE_MAX_IN_FLIGHT = String(bound);
  try {
    stack = await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173', authRateLimits: testStackRateLimits });
  } finally {
    delete process.env.SHOP_GATEWAY_MAX_IN_FLIGHT;
    delete process.env.SHOP_COMMERCE_MAX_IN_FLIGHT;
  }
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

/** A request held in flight, and whether the service answered it after all. */
interface Held {
  request: ClientRequest;
  answered: boolean;
}

/** A POST whose body never finishes arriving: the service waits on it, the request stays in flight. */
function heldPost(url: string, headers: Record<string, string> = {}): Promise<Held> {
  return new Promise((resolve) => {
    const post = httpRequest(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': '1000' } });
    const held: Held = { request: post, answered: false };
    post.on('error', () => undefined); // destroyed by the test
    // Refused at the door (the stack's scheduled jobs had taken room at that moment): not held.
    post.on('response', (response) => {
      held.answered = true;
      response.resume();
    });
    post.write('{"a":', () => resolve(held));
  });
}

/** `count` requests held in flight at `url`. */
const holdRequests = (count: number, url: string, headers: Record<string, string> = {}) => Promise.all(Array.from({ length: count }, () => heldPost(url, headers)));

async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; retryAfter: string | null; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.json().catch(() => undefined);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body, ms: performance.now() - started };
}

/**
 * Until the server has counted every held request in: it reads their heads when its event loop
 * gets to them, which on a machine loaded by parallel suites can take seconds. A held request the
 * service answered (refused while the stack's own scheduled jobs briefly filled the bound) is held
 * again, so the bound is filled by this test's requests alone. The pause comes between holding
 * and asking: a request held again opens a new connection, and a probe sent at once over its
 * kept-alive one overtook it every time, took the last place, and had it refused again.
 */
async function refusedOnce(url: string, init: RequestInit, held: Held[], hold: () => Promise<Held>): Promise<Awaited<ReturnType<typeof timed>>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (let i = 0; i < held.length; i++) if (held[i]!.answered) held[i] = await hold();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await timed(url, init);
    if (answer.status === 503 || Date.now() > deadline) return answer;
  }
}

/** Never queued behind the held requests, which never end: answered at once, even on a loaded machine. */
const promptMs = 5000;

it('answers 503 with Retry-After at once past the gateway bound of one service, serves the others, and recovers', { timeout: 60_000 }, async () => {
  const apikey = { apikey: stack.publishableKey };
  const rest = `${stack.apiUrl}/rest/v1/rpc/checkout_terms`;
  const ask = { method: 'POST', headers: { ...apikey, 'Content-Type': 'application/json' }, body: '{}' };
  expect((await timed(rest, ask)).status).toBe(200);

  const held = await holdRequests(bound, rest, apikey);
  const refused = await refusedOnce(rest, ask, held, () => heldPost(rest, apikey));
  expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'overloaded', message: expect.stringContaining('/rest/v1') } });
  expect(refused.ms).toBeLessThan(promptMs);
  // Other services keep their own room: auth answers while REST is full.
  expect((await timed(`${stack.apiUrl}/auth/v1/settings`, { headers: apikey })).status).toBe(200);

  for (const { request: post } of held) post.destroy();
  await expect.poll(async () => (await timed(rest, ask)).status, { timeout: 5000 }).toBe(200);
  const after = await Promise.all(Array.from({ length: bound }, () => timed(rest, ask)));
  expect(after.map((a) => a.status)).toEqual(Array(bound).fill(200));
});

it('answers 503 with Retry-After at once past the commerce sandbox bound, and recovers', { timeout: 60_000 }, async () => {
  const checkout = `${stack.commerceUrl}/store/${stack.storeId}/checkout`;
  const catalogue = `${stack.commerceUrl}/store/${stack.storeId}/products`;
  const held = await holdRequests(bound, checkout);
  const refused = await refusedOnce(catalogue, {}, held, () => heldPost(checkout));
  expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'overloaded' } });
  expect(refused.ms).toBeLessThan(promptMs);

  for (const { request: post } of held) post.destroy();
  await expect.poll(async () => (await timed(catalogue)).status, { timeout: 5000 }).toBe(200);
});
