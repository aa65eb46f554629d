// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hasStoredSession } from '@/lib/supabase-loader';

describe('hasStoredSession', () => {
  it('finds the session supabase-js stores', () => {
    localStorage.setItem('lumiere-sacree-cart', '[]');
    expect(hasStoredSession(localStorage)).toBe(false);
    localStorage.setItem('sb-127-auth-token', '{"access_token":"x"}');
    expect(hasStoredSession(localStorage)).toBe(true);
  });

  it('ignores the PKCE verifier and other keys', () => {
    localStorage.setItem('sb-127-auth-token-code-verifier', 'v');
    expect(hasStoredSession(localStorage)).toBe(false);
  });

  it('is false without storage', () => {
    expect(hasStoredSession(null)).toBe(false);
  });
});
