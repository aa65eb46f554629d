import { describe, expect, it } from 'vitest';
import { isRateLimited } from '@/lib/rate-limit';

describe('isRateLimited', () => {
  it('recognises the API error of a rate limit, and nothing else', () => {
    expect(isRateLimited({ code: 'PT429', message: 'Too many requests: try again later.' })).toBe(true);
    expect(isRateLimited({ code: '23514', message: 'check' })).toBe(false);
    expect(isRateLimited(new Error('PT429'))).toBe(false);
    expect(isRateLimited(null)).toBe(false);
  });
});
