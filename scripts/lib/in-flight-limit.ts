// Graceful overload for the local stack's HTTP servers. Past what the machine can do, new work
// is answered at once with 503, Retry-After and a JSON error, instead of joining a queue that
// grows for as long as arrivals outpace the work (which kept purchases waiting tens of seconds and
// ended in dropped connections); when the load falls, the same requests are served again.
//
// The bound is a waiting time, as CoDel and the adaptive queues of production proxies bound it. A
// request waits from its arrival until its response headers start (what a streamed download, a
// video range or a long answer does after that is not waiting; an upload, whose answer comes once
// its body is in, is not timed at all). Nothing here holds an explicit queue: when the work
// outpaces the machine every request in flight gets a smaller share of it and the waits grow
// together, so the queue's wait is read live from the requests waiting now, as that of the
// twentieth longest waiting (`queueDepth`): a single slow request, or a few, is no queue however
// long it waits. A queue stands, as CoDel has it, once that wait has stayed above the target for
// a whole interval: a burst answered within it, a cold start, `npm test`'s parallel calls on two
// busy cores, are not refused. While it stands, new work is refused; it stops standing as soon as
// the wait is back under the target (the queue drained). A queue that stands again soon after is
// recognised in a quarter of the interval, as CoDel drops sooner after a recent drop, so that the
// flood's next wave does not wait a whole interval more. Retry-After is the queue's wait rounded
// up to a second: how long the work already admitted still has to wait.
//
// What is refused is new work only: an edge function's own calls to the API are never refused
// (the function was admitted), and a signed-in caller whose new work was answered seconds ago is
// still let in (its purchase goes on to its record-order); newcomers wait.
//
// An earlier version bounded only the count of requests in flight ("a count, never a latency").
// A count is the wrong unit: how many requests a machine holds before they wait too long depends
// on what they are and on how busy the machine is (at 150 purchases/s on two cores, purchases
// waited 9 s with far fewer than 1,000 in flight, while a low count refused work an idle machine
// would have done at once). What a caller suffers is the wait, so the wait is what is bounded.
// The count stays as a backstop for memory and sockets, against requests that hold on without
// ever being answered.
import type { ServerResponse } from 'node:http';

/** The waits by which a standing queue is told from a burst, and its bound. */
export interface WaitBound {
  /** The standing wait beyond which new work is refused, in ms. */
  targetMs: number;
  /** How long the queue's wait must stay above the target before it counts as standing, in ms. */
  intervalMs: number;
}

/**
 * A quarter of a second of standing wait, for a quarter of a second: twenty requests of one service
 * waiting that long for that long is no burst on a machine doing its work (purchases take 20–40 ms
 * below the knee), and the sooner a queue is seen, the fewer requests it has let in that must
 * still wait. At 150 purchases/s on two cores, 500 ms over 500 ms let the admitted purchases wait
 * p95 8.2 s (their record-orders refused and retried), 250 over 250 ms p95 1.9 s.
 */
export const defaultWaitBound: WaitBound = { targetMs: 250, intervalMs: 250 };

/** The queue's wait is that of its this-many-th longest waiting request: fewer are no queue. */
export const queueDepth = 20;

/** After a queue stood, for this many intervals one that stands again is recognised sooner. */
const recentIntervals = 16;

/** A caller admitted as new work is admitted while a queue stands for this long after its answer: its work goes on. */
export const continuationMs = 3000;

/**
 * CoDel's test for a standing queue over the requests waiting now for their response headers;
 * the clock is the caller's (milliseconds, monotonic), so that tests can drive it.
 */
export class StandingQueue {
  /** Arrival times of the requests waiting, oldest first (a Set keeps insertion order). */
  private readonly arrivals = new Set<{ at: number }>();
  private aboveSince: number | undefined;
  private stoodUntil = -Infinity;
  private standing = false;
  private lastWaitMs = 0;

  constructor(readonly bound: WaitBound) {}

  /** A request arrived at `now` and waits; call the result when its wait ends (headers, or abandoned). */
  arrived(now: number): () => void {
    const arrival = { at: now };
    this.arrivals.add(arrival);
    return () => void this.arrivals.delete(arrival);
  }

  /** How long the `queueDepth`-th longest waiting request has waited; 0 with fewer waiting. */
  wait(now: number): number {
    if (this.arrivals.size < queueDepth) return 0;
    let n = 0;
    for (const arrival of this.arrivals) if (++n === queueDepth) return now - arrival.at;
    return 0;
  }

  /** Whether new work is to be refused now: the queue's wait has stood above the target for an interval. */
  stands(now: number): boolean {
    const wait = this.wait(now);
    if (wait <= this.bound.targetMs) {
      if (this.standing) this.stoodUntil = now;
      this.standing = false;
      this.aboveSince = undefined;
      return false;
    }
    this.lastWaitMs = wait;
    this.aboveSince ??= now;
    const recent = now - this.stoodUntil < recentIntervals * this.bound.intervalMs;
    if (now - this.aboveSince >= (recent ? this.bound.intervalMs / 4 : this.bound.intervalMs)) this.standing = true;
    return this.standing;
  }

  /** What a refused request is told to wait before trying again: the queue's wait, in whole seconds. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.lastWaitMs / 1000));
  }
}

/** How a request is admitted. */
export interface Admission {
  /** Headers every answer carries (CORS), the 503 too. */
  headers?: Record<string, string>;
  /**
   * New work, which a standing queue refuses (the default). False for work already admitted
   * elsewhere (an edge function's own calls to the API): refusing it would turn a request the
   * stack took on into an error. The count bound still applies.
   */
  sheddable?: boolean;
  /**
   * Its wait until its response headers measures the queue (the default). False when that time
   * is not waiting: an upload, whose answer comes once its body has arrived.
   */
  timed?: boolean;
  /**
   * Who asks (a signed-in user's token), when known: a caller whose new work was answered less
   * than `continuationMs` ago is admitted while a queue stands, so that a purchase let in is not
   * refused at its last step (its record-order) after its payment. Session-based admission control,
   * as shops under a flood do it: refuse newcomers, not the sessions already in.
   */
  caller?: string;
}

export interface InFlightLimit {
  /** Requests admitted and not yet answered (or abandoned). */
  readonly inFlight: number;
  readonly max: number;
  readonly queue: StandingQueue;
  /** Counts the request in until its response closes; false once it has answered 503 instead. */
  admit(res: ServerResponse, admission?: Admission): boolean;
}

/**
 * The whole number of the environment variable `name` (at least `min`), else `fallback`; a value
 * out of range (`0` requests in flight, which would refuse everything) is refused.
 */
function wholeSetting(name: string, fallback: number, min: number, unit: string): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of ${unit} of at least ${min}, not "${value}".`);
  return n;
}

/** The count bound named by the environment variable `name` (a positive integer), else `fallback`. */
export function maxInFlightSetting(name: string, fallback: number): number {
  return wholeSetting(name, fallback, 1, 'requests');
}

/** The wait bound set by `<prefix>_MAX_WAIT_MS` and `<prefix>_WAIT_INTERVAL_MS`, else the default. */
export function waitBoundSetting(prefix: string): WaitBound {
  return {
    targetMs: wholeSetting(`${prefix}_MAX_WAIT_MS`, defaultWaitBound.targetMs, 1, 'milliseconds'),
    intervalMs: wholeSetting(`${prefix}_WAIT_INTERVAL_MS`, defaultWaitBound.intervalMs, 1, 'milliseconds'),
  };
}

function refuse(res: ServerResponse, service: string, retryAfter: number, headers: Record<string, string>): void {
  const body = JSON.stringify({ message: `${service} is overloaded: retry in ${retryAfter} s`, code: 'overloaded' });
  res.writeHead(503, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Retry-After': String(retryAfter) });
  res.end(body);
}

export function inFlightLimit(max: number, bound: WaitBound, service: string, now: () => number = () => performance.now()): InFlightLimit {
  let inFlight = 0;
  const queue = new StandingQueue(bound);
  /** When each caller last had an answer to new work. */
  const answeredAt = new Map<string, number>();
  return {
    get inFlight() {
      return inFlight;
    },
    max,
    queue,
    admit(res, { headers = {}, sheddable = true, timed = true, caller } = {}) {
      // Past the count, as many requests as the backstop allows are still waiting: one more
      // second is the honest guess. A standing queue says how long it has been standing.
      if (inFlight >= max) {
        refuse(res, service, 1, headers);
        return false;
      }
      const at = now();
      if (queue.stands(at)) {
        const continuing = caller !== undefined && at - (answeredAt.get(caller) ?? -Infinity) < continuationMs;
        if (sheddable && !continuing) {
          refuse(res, service, queue.retryAfterSeconds, headers);
          return false;
        }
      } else if (caller !== undefined) {
        // Admitted as new work: its caller goes on for a while from its answer (not refreshed by
        // what is admitted as going on, so that no caller stays in for ever).
        res.once('close', () => {
          const answered = now();
          answeredAt.set(caller, answered);
          if (answeredAt.size > 10_000) for (const [key, when] of answeredAt) if (answered - when >= continuationMs) answeredAt.delete(key);
        });
      }
      inFlight++;
      res.once('close', () => inFlight--);
      if (timed) measureWait(res, queue.arrived(at));
      return true;
    },
  };
}

/** Ends the request's wait once its response headers start, or once it is abandoned without them. */
function measureWait(res: ServerResponse, ended: () => void): void {
  // Every answer starts there: Node calls it for implicit headers too (the first write or end).
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    ended();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.once('close', ended);
}
