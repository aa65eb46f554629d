import { describe, expect, it } from 'vitest';
import { authFailureMessage, authRateLimitedMessage, isAuthRateLimited, isRateLimited } from '@/lib/rate-limit';

describe('isRateLimited', () => {
  it('recognises the API error of a rate limit, and nothing else', () => {
    expect(isRateLimited({ code: 'PT429', message: 'Too many requests: try again later.' })).toBe(true);
    expect(isRateLimited({ code: '23514', message: 'check' })).toBe(false);
    expect(isRateLimited(new Error('PT429'))).toBe(false);
    expect(isRateLimited(null)).toBe(false);
  });
});

describe('isAuthRateLimited', () => {
  it("recognises the auth service's 429, whatever its code, and nothing else", () => {
    expect(isAuthRateLimited(Object.assign(new Error('Request rate limit reached'), { status: 429, code: 'over_request_rate_limit' }))).toBe(true);
    expect(isAuthRateLimited(Object.assign(new Error('email rate limit exceeded'), { status: 429, code: 'over_email_send_rate_limit' }))).toBe(true);
    expect(isAuthRateLimited(Object.assign(new Error('Invalid login credentials'), { status: 400 }))).toBe(false);
    expect(isAuthRateLimited({ code: 'PT429' })).toBe(false);
    expect(isAuthRateLimited(undefined)).toBe(false);
  });
});

describe('authFailureMessage', () => {
  it('shows the French message past a limit, else the error’s own text, else the fallback', () => {
    expect(authRateLimitedMessage).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
    expect(authFailureMessage(Object.assign(new Error('Request rate limit reached'), { status: 429 }), 'Repli')).toBe(authRateLimitedMessage);
    expect(authFailureMessage(new Error('User already registered'), 'Repli')).toBe('User already registered');
    expect(authFailureMessage(new Error(''), 'Repli')).toBe('Repli');
    expect(authFailureMessage(null, 'Repli')).toBe('Repli');
  });
});
