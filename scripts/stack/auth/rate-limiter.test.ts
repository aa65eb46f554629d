// GoTrue's two limiters on a clock the test moves: tollbooth's token buckets per address
// (burst, refill, the bucket's lifetime) and the project-wide interval limiter for mails.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, IntervalLimiter, KeyedTokenBuckets } from './rate-limiter.ts';

function fakeClock() {
  let now = Date.UTC(2026, 10, 27, 12);
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

const takeMany = (allow: () => boolean, times: number) => Array.from({ length: times }, allow).filter(Boolean).length;
const hour = 3_600_000;

describe('token buckets per key', () => {
  it('allows the burst at once, then one request per refill period, per key', () => {
    const clock = fakeClock();
    // token_refresh's default: 150 per 5 minutes, a token every 2 seconds.
    const buckets = new KeyedTokenBuckets(150 / 300, 30, hour, clock.now);
    expect(takeMany(() => buckets.allow('203.0.113.1'), 60)).toBe(30);
    expect(buckets.allow('203.0.113.2')).toBe(true);
    clock.advance(1_999);
    expect(buckets.allow('203.0.113.1')).toBe(false);
    clock.advance(1);
    expect(buckets.allow('203.0.113.1')).toBe(true);
    expect(buckets.allow('203.0.113.1')).toBe(false);
    // Refills never exceed the burst.
    clock.advance(10 * 60_000);
    expect(takeMany(() => buckets.allow('203.0.113.1'), 60)).toBe(30);
  });

  it('drops a bucket an hour after it was made, full again whatever its rate', () => {
    const clock = fakeClock();
    const buckets = new KeyedTokenBuckets(0, 30, hour, clock.now);
    expect(takeMany(() => buckets.allow('key'), 40)).toBe(30);
    clock.advance(hour - 1);
    expect(buckets.allow('key')).toBe(false);
    clock.advance(1);
    expect(takeMany(() => buckets.allow('key'), 40)).toBe(30);
  });
});

describe('interval limiter', () => {
  it('allows `events` per interval counted from its creation, and starts over in the next', () => {
    const clock = fakeClock();
    const limiter = new IntervalLimiter(2, hour, clock.now);
    clock.advance(hour - 10);
    expect(takeMany(() => limiter.allow(), 5)).toBe(2);
    clock.advance(10);
    expect(takeMany(() => limiter.allow(), 5)).toBe(2);
    clock.advance(3 * hour + 5);
    expect(takeMany(() => limiter.allow(), 5)).toBe(2);
  });
});

describe('client address', () => {
  const request = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;

  it("is the first X-Forwarded-For entry, as GoTrue reads its rate-limit header; none without one", () => {
    expect(clientAddress(request({ 'x-forwarded-for': ' 198.51.100.7 , 127.0.0.1' }))).toBe('198.51.100.7');
    expect(clientAddress(request({ 'x-forwarded-for': '127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientAddress(request({ 'x-forwarded-for': ' , 127.0.0.1' }))).toBeUndefined();
    expect(clientAddress(request({}))).toBeUndefined();
  });
});
