// Graceful overload for the local stack's HTTP servers: a bound on the requests being worked on
// at once. Past it a request is answered at once with 503, Retry-After and a JSON error, instead of
// joining a queue that grows for as long as arrivals outpace the work (which, before the bound,
// kept purchases waiting tens of seconds and ended in dropped connections). The bound is a count,
// never a latency: a slow machine answers slowly but refuses nothing until that many requests
// wait at once, which `npm test`'s parallel suites and ordinary use stay far below.
import type { ServerResponse } from 'node:http';

/** What a refused request is told to wait before trying again, in seconds. */
export const retryAfterSeconds = 1;

export interface InFlightLimit {
  /** Requests admitted and not yet answered (or abandoned). */
  readonly inFlight: number;
  readonly max: number;
  /** Counts the request in until its response closes; false once it has answered 503 instead. */
  admit(res: ServerResponse, headers?: Record<string, string>): boolean;
}

/**
 * The bound named by the environment variable `name` (a positive integer), else `fallback`;
 * `0` or any other non-positive value is refused rather than read as
 * "refuse everything".
 */
export function maxInFlightSetting(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) throw new Error(`${name} must be a positive whole number of requests, not "${value}".`);
  return max;
}

export function inFlightLimit(max: number, service: string): InFlightLimit {
  let inFlight = 0;
  const body = JSON.stringify({ message: `${service} is overloaded: retry in ${retryAfterSeconds} s`, code: 'overloaded' });
  return {
    get inFlight() {
      return inFlight;
    },
    max,
    admit(res, headers = {}) {
      if (inFlight >= max) {
        res.writeHead(503, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Retry-After': String(retryAfterSeconds) });
        res.end(body);
        return false;
      }
      inFlight++;
      res.once('close', () => inFlight--);
      return true;
    },
  };
}
