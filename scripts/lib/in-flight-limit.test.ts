// The bound by waiting time (in-flight-limit.ts): CoDel's test for a standing queue driven by a
// clock of the test's own, then the limiter on a real HTTP server whose work is measured by the
// time to its response headers, not by what it streams afterwards.
import { createServer, request as rawRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpRequest } from './http-client.ts';
import { continuationMs, defaultWaitBound, inFlightLimit, queueDepth, StandingQueue, waitBoundSetting, type InFlightLimit } from './in-flight-limit.ts';

const bound = { targetMs: 500, intervalMs: 1000 };

/** `count` requests arriving at `at` (ms); what ends each one's wait. */
const arrive = (queue: StandingQueue, count: number, at: number) => Array.from({ length: count }, () => queue.arrived(at));

/** Asks the queue every 50 ms from `from` to `to`, as arrivals would; its last answer. */
function askUntil(queue: StandingQueue, from: number, to: number): boolean {
  let stands = false;
  for (let t = from; t <= to; t += 50) stands = queue.stands(t);
  return stands;
}

describe('StandingQueue', () => {
  it("measures the queue's wait by its twentieth longest waiting request", () => {
    const queue = new StandingQueue(bound);
    arrive(queue, queueDepth - 1, 0);
    expect(queue.wait(5000)).toBe(0);
    arrive(queue, 1, 1000);
    arrive(queue, 10, 2000);
    expect(queue.wait(5000)).toBe(4000);
  });

  it('stands once the wait stayed above the target for a whole interval, and tells how long it was', () => {
    const queue = new StandingQueue(bound);
    arrive(queue, 40, 0);
    expect(askUntil(queue, 550, 1500)).toBe(false);
    expect(queue.stands(1550)).toBe(true);
    expect(queue.retryAfterSeconds).toBe(2);
  });

  it('does not stand for a single slow request, nor for a few, however long they wait', () => {
    const queue = new StandingQueue(bound);
    arrive(queue, queueDepth - 1, 0);
    expect(askUntil(queue, 0, 60_000)).toBe(false);
  });

  it('does not stand for a burst answered within the interval past the target', () => {
    const queue = new StandingQueue(bound);
    const burst = arrive(queue, 60, 0);
    expect(askUntil(queue, 0, 1400)).toBe(false);
    burst.slice(0, 45).forEach((end) => end());
    expect(askUntil(queue, 1450, 3000)).toBe(false);
  });

  it('stops standing as soon as the queue has drained below its depth', () => {
    const queue = new StandingQueue(bound);
    const waiting = arrive(queue, 40, 0);
    expect(askUntil(queue, 0, 1600)).toBe(true);
    waiting.slice(0, 20).forEach((end) => end());
    expect(queue.stands(1650)).toBe(true);
    waiting[20]!();
    expect(queue.stands(1700)).toBe(false);
  });

  it('recognises a queue standing again soon after in a quarter of the interval, and only soon after', () => {
    const queue = new StandingQueue(bound);
    const first = arrive(queue, 40, 0);
    expect(askUntil(queue, 0, 1600)).toBe(true);
    first.forEach((end) => end());
    expect(queue.stands(1700)).toBe(false);
    arrive(queue, 40, 2000);
    // Above the target from 2,550 ms on.
    expect(askUntil(queue, 2000, 2750)).toBe(false);
    expect(queue.stands(2800)).toBe(true);

    const later = new StandingQueue(bound);
    const once = arrive(later, 40, 0);
    expect(askUntil(later, 0, 1600)).toBe(true);
    once.forEach((end) => end());
    expect(later.stands(1700)).toBe(false);
    const start = 1700 + 16 * bound.intervalMs;
    arrive(later, 40, start);
    expect(askUntil(later, start, start + 1500)).toBe(false);
    expect(later.stands(start + 1550)).toBe(true);
  });
});

describe('waitBoundSetting', () => {
  afterEach(() => {
    delete process.env.TEST_LIMIT_MAX_WAIT_MS;
    delete process.env.TEST_LIMIT_WAIT_INTERVAL_MS;
  });

  it('reads the environment, defaults to 250 ms over 250 ms, and refuses nonsense', () => {
    expect(waitBoundSetting('TEST_LIMIT')).toEqual(defaultWaitBound);
    expect(defaultWaitBound).toEqual({ targetMs: 250, intervalMs: 250 });
    process.env.TEST_LIMIT_MAX_WAIT_MS = '250';
    process.env.TEST_LIMIT_WAIT_INTERVAL_MS = '400';
    expect(waitBoundSetting('TEST_LIMIT')).toEqual({ targetMs: 250, intervalMs: 400 });
    process.env.TEST_LIMIT_MAX_WAIT_MS = '0';
    expect(() => waitBoundSetting('TEST_LIMIT')).toThrow(/TEST_LIMIT_MAX_WAIT_MS/);
  });
});

/** A server whose work goes through one lane, `serviceMs` a request: a machine that does `1000 / serviceMs` requests a second. */
async function laneServer(limit: InFlightLimit, serviceMs: number): Promise<{ server: Server; url: string }> {
  // Each request ends `serviceMs` after the one before it (or after its arrival): on the clock,
  // so that a loaded machine firing timers late does not slow the lane down as well.
  let free = 0;
  const server = createServer((req, res) => {
    const caller = req.headers['x-caller'];
    if (!limit.admit(res, { caller: typeof caller === 'string' ? caller : undefined })) return;
    const arrived = performance.now();
    free = Math.max(free, arrived) + serviceMs;
    setTimeout(() => res.end('ok'), free - arrived);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
}

/** An answer, with when its request was sent and when its answer came on the test's clock. */
interface ClockedAnswer extends Answer {
  sentAt: number;
  answeredAt: number;
}

async function timed(url: string, caller?: string): Promise<Answer> {
  const started = performance.now();
  // node:http over keep-alive connections: fetch's own CPU, in the process that also runs the
  // server, would delay the server's every answer under a flood.
  const answer = await httpRequest(url, { headers: caller ? { 'x-caller': caller } : {} });
  const retryAfter = answer.headers['retry-after'];
  return { status: answer.status, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

describe('inFlightLimit on a real server', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('answers a flood past the lane quickly with 503 and Retry-After, bounds the admitted waits, and recovers when the flood ends', { timeout: 60_000 }, async () => {
    // The test's clock, and a lane the test works: each tick of `serviceMs` it answers the oldest
    // request held, sends the tick's arrivals and waits until the server has them all. What the
    // limiter decides then depends on the clock alone, not on how fast a loaded machine sends.
    const serviceMs = 20; // 50 requests a second
    let clock = 0;
    const limit = inFlightLimit(10_000, { targetMs: 100, intervalMs: 200 }, 'The lane', () => clock);
    const held: Array<{ res: ServerResponse; at: number }> = [];
    /** Each admitted request's arrival and wait on the test's clock, as the server saw them. */
    const served: Array<{ at: number; wait: number }> = [];
    const refusedIds = new Set<string>();
    let received = 0;
    let onReceived: () => void = () => undefined;
    server = createServer((req, res) => {
      received++;
      if (limit.admit(res)) held.push({ res, at: clock });
      else refusedIds.add(String(req.headers['x-id']));
      onReceived();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const allReceived = (count: number) =>
      new Promise<void>((resolve) => {
        onReceived = () => {
          if (received === count) resolve();
        };
        onReceived();
      });

    let sent = 0;
    /** One tick: the lane answers one request, then `arrivals` come; a refusal's answer is awaited before the clock moves. */
    const tick = async (arrivals: number): Promise<Array<Promise<ClockedAnswer>>> => {
      clock += serviceMs;
      const next = held.shift();
      if (next) {
        served.push({ at: next.at, wait: clock - next.at });
        next.res.end('ok');
      }
      const sentAt = clock;
      const batch = Array.from({ length: arrivals }, () => {
        const id = String(sent++);
        const started = performance.now();
        const answer = httpRequest(url, { headers: { 'x-id': id } }).then((a) => ({ status: a.status, retryAfter: a.headers['retry-after'] ?? null, sentAt, answeredAt: clock, ms: performance.now() - started }));
        return { id, answer };
      });
      await allReceived(sent);
      await Promise.all(batch.filter((b) => refusedIds.has(b.id)).map((b) => b.answer));
      return batch.map((b) => b.answer);
    };

    // The flood: 150 a second for 3 s, three times what the lane serves.
    const floodTicks = 150;
    const floodSent: Array<Promise<ClockedAnswer>> = [];
    const heldCounts: number[] = [];
    for (let i = 0; i < floodTicks; i++) {
      floodSent.push(...(await tick(3)));
      heldCounts.push(held.length);
    }
    const floodEnd = clock;
    // Then 25 a second for 3 s, half what it serves.
    const calmSent: typeof floodSent = [];
    for (let i = 0; i < 150; i++) calmSent.push(...(await tick(i % 2)));
    const calmEnd = clock;
    while (held.length > 0) await tick(0);

    const flooded = await Promise.all(floodSent);
    const refused = flooded.filter((a) => a.status === 503);
    const admitted = flooded.filter((a) => a.status === 200);
    expect(refused.length + admitted.length).toBe(flooded.length);
    // The lane serves a third of the flood: most of the rest is refused, not queued.
    expect(refused.length).toBeGreaterThan(flooded.length / 2);
    expect(refused.every((a) => Number(a.retryAfter) >= 1)).toBe(true);
    // Refused at once, before the lane served anything more (a refusal that waited for the lane would
    // stall its tick); admitted after a service time at least.
    expect(refused.every((a) => a.answeredAt === a.sentAt)).toBe(true);
    expect(admitted.every((a) => a.answeredAt - a.sentAt >= serviceMs)).toBe(true);
    expect(median(refused.map((a) => a.ms))).toBeLessThan(median(admitted.map((a) => a.ms)));
    // Bounded: what the lane holds does not grow over the flood (unbounded, it would grow by two a
    // tick to 300), and the last second's arrivals wait no longer than the first second's.
    const unbounded = flooded.length - floodTicks;
    expect(Math.max(...heldCounts)).toBeLessThan(unbounded / 4);
    expect(Math.max(...heldCounts.slice(-50))).toBeLessThanOrEqual(Math.max(...heldCounts.slice(0, 50)));
    const longestWait = (from: number, to: number) => Math.max(...served.filter((s) => s.at > from && s.at <= to).map((s) => s.wait));
    expect(longestWait(floodEnd - 1000, floodEnd)).toBeLessThanOrEqual(longestWait(0, 1000));

    // Below what the lane serves, the queue drains: from the first admitted on, every request is
    // admitted, and the last second's are served at the next tick.
    const calm = (await Promise.all(calmSent)).map((a) => a.status);
    const recovered = calm.indexOf(200);
    expect(recovered).toBeGreaterThanOrEqual(0);
    expect(recovered).toBeLessThan(calm.length / 3);
    expect(calm.slice(recovered)).toEqual(calm.slice(recovered).map(() => 200));
    const lastSecond = served.filter((s) => s.at > calmEnd - 1000 && s.at <= calmEnd);
    expect(lastSecond.length).toBeGreaterThan(0);
    expect(lastSecond.every((s) => s.wait === serviceMs)).toBe(true);
  });

  it('goes on admitting a caller whose new work was answered before the queue stood, for a while, and refuses a newcomer', { timeout: 30_000 }, async () => {
    // The test's clock: the queue stands when the test says the time has come.
    let clock = 0;
    const limit = inFlightLimit(10_000, { targetMs: 200, intervalMs: 400 }, 'The held', () => clock);
    const held: ServerResponse[] = [];
    server = createServer((req, res) => {
      const caller = req.headers['x-caller'];
      if (!limit.admit(res, { caller: typeof caller === 'string' ? caller : undefined })) return;
      if (req.url === '/hold') held.push(res);
      else res.end('ok');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const holding = (count: number) => Promise.all(Array.from({ length: count }, () => new Promise<void>((resolve) => rawRequest(`${url}/hold`).on('error', () => undefined).end(resolve))));

    expect((await timed(`${url}/`, 'buyer under way')).status).toBe(200);
    await holding(queueDepth + 5);
    await expect.poll(() => held.length).toBe(queueDepth + 5);
    clock = 300;
    expect((await timed(`${url}/`)).status).toBe(200); // above the target from here
    clock = 700;
    expect((await timed(`${url}/`, 'newcomer')).status).toBe(503); // a whole interval above: it stands
    expect((await timed(`${url}/`, 'buyer under way')).status).toBe(200);
    clock = continuationMs + 10;
    expect((await timed(`${url}/`, 'buyer under way')).status).toBe(503);
    for (const res of held) res.end();
  });

  it('serves every request of a burst, and the next one at once once the burst is answered', { timeout: 30_000 }, async () => {
    const limit = inFlightLimit(10_000, { targetMs: 200, intervalMs: 400 }, 'The lane');
    const lane = await laneServer(limit, 10);
    server = lane.server;
    // 100 at once: the last wait a second, long past the target and for longer than the interval.
    const burst = await Promise.all(Array.from({ length: 100 }, () => timed(lane.url)));
    expect(burst.map((a) => a.status)).toEqual(burst.map(() => 200));
    expect((await timed(lane.url)).status).toBe(200);
  });

  it('measures a streamed answer to its headers, not to its end, and does not time what is asked not to be', { timeout: 30_000 }, async () => {
    // The test's clock, and uploads answered when the test says: what is timed decides, not how
    // fast a loaded machine sends and answers a flood.
    let clock = 0;
    const limit = inFlightLimit(10_000, { targetMs: 50, intervalMs: 200 }, 'The streams', () => clock);
    const streams: ServerResponse[] = [];
    const uploads: ServerResponse[] = [];
    let arrived: () => void = () => undefined;
    server = createServer((req, res) => {
      const upload = req.url!.startsWith('/upload');
      if (!limit.admit(res, { timed: !upload || req.url === '/upload?timed' })) return;
      if (req.url === '/ping') res.end('ok');
      // An upload answers once its body has arrived (here: once the test ends it); a stream answers at once and goes on.
      else if (upload) uploads.push(res);
      else {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first bytes');
        streams.push(res);
      }
      arrived();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ping = async () => (await timed(`${url}/ping`)).status;
    /** `count` uploads to `path`, resolved once the server holds them all; their answers. */
    const holdUploads = async (path: string, count: number) => {
      const all = new Promise<void>((resolve) => (arrived = () => uploads.length === count && resolve()));
      const answers = Array.from({ length: count }, () => timed(`${url}${path}`));
      await all;
      return answers;
    };
    // Many long streams: their headers came at once, so no queue stands however long they last.
    const open = Array.from({ length: queueDepth * 2 }, () => new Promise<void>((resolve) => rawRequest(url, (response) => response.once('data', () => resolve())).end()));
    await Promise.all(open);
    expect(limit.inFlight).toBe(queueDepth * 2);
    clock = 100;
    expect(limit.queue.wait(clock)).toBe(0);
    expect(await ping()).toBe(200);
    clock = 400;
    expect(await ping()).toBe(200);
    // Uploads held past the target for longer than the interval: untimed, nothing is refused.
    const untimed = await holdUploads('/upload', queueDepth * 2);
    clock = 500;
    expect(await ping()).toBe(200);
    clock = 800;
    expect(await ping()).toBe(200);
    for (const res of uploads.splice(0)) res.end('stored');
    expect((await Promise.all(untimed)).map((a) => a.status)).toEqual(Array(queueDepth * 2).fill(200));
    // The same, timed, is a queue standing past 50 ms for an interval: what the untimed ones were not counted as.
    const timedUploads = await holdUploads('/upload?timed', queueDepth * 2);
    clock = 900;
    expect(await ping()).toBe(200);
    clock = 1200;
    expect(await ping()).toBe(503);
    for (const res of uploads.splice(0)) res.end('stored');
    expect((await Promise.all(timedUploads)).map((a) => a.status)).toEqual(Array(queueDepth * 2).fill(200));
    for (const res of streams) res.end();
  });
});
