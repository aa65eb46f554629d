// The two kinds of limiter GoTrue uses, on a clock the tests can move:
// - per client address, tollbooth's token buckets (golang.org/x/time/rate underneath): a bucket
//   holds `burst` tokens, a request takes one, tokens come back at `perSecond`, and the bucket is
//   dropped (full again at the next request) a fixed time after it was made;
// - for the whole project, GoTrue's IntervalLimiter (internal/ratelimit): `events` per `interval`,
//   intervals counted from the limiter's creation, the count starting over in each.
import type { IncomingMessage } from 'node:http';

/** Milliseconds since the epoch, as Date.now. */
export type Clock = () => number;

interface Bucket {
  tokens: number;
  last: number;
  expires: number;
}

export class KeyedTokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private nextSweep: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly ttlMs: number,
    private readonly now: Clock,
  ) {
    this.nextSweep = now() + ttlMs;
  }

  /** Takes a token from `key`'s bucket; false when it has none left. */
  allow(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.expires <= now) {
      bucket = { tokens: this.burst, last: now, expires: now + this.ttlMs };
      this.buckets.set(key, bucket);
    }
    const tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.last) / 1000) * this.perSecond);
    // As rate.Limiter's AllowN: a refusal changes nothing, a grant spends a token at `now`.
    if (tokens < 1) return false;
    bucket.tokens = tokens - 1;
    bucket.last = Math.max(bucket.last, now);
    return true;
  }

  /** go-cache's janitor: forgets expired buckets, so addresses seen once do not pile up. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    for (const [key, bucket] of this.buckets) if (bucket.expires <= now) this.buckets.delete(key);
    this.nextSweep = now + this.ttlMs;
  }
}

export class IntervalLimiter {
  private last: number;
  private count = 0;

  constructor(
    private readonly events: number,
    private readonly intervalMs: number,
    private readonly now: Clock,
  ) {
    this.last = now();
  }

  allow(): boolean {
    const now = this.now();
    const intervals = Math.floor((now - this.last) / this.intervalMs);
    if (intervals > 0) {
      this.last += intervals * this.intervalMs;
      this.count = 0;
    }
    if (this.count >= this.events) return false;
    this.count += 1;
    return true;
  }
}

/**
 * The key GoTrue limits a request by: the first value of its rate-limit header
 * (GOTRUE_RATE_LIMIT_HEADER), here X-Forwarded-For, which the gateway sets as Kong does (what the
 * client sent, then the peer's address). No value means no limit, as in GoTrue.
 */
export function clientAddress(req: IncomingMessage): string | undefined {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(', ') : header;
  const first = value?.split(',', 1)[0]?.trim();
  return first || undefined;
}
