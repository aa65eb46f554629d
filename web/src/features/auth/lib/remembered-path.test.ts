import { describe, expect, it } from 'vitest';
import { rememberedPath } from '@/features/auth/lib/remembered-path';

describe('rememberedPath', () => {
  it('reads a location object with its query and hash', () => {
    expect(rememberedPath({ from: { pathname: '/dashboard/orders', search: '?page=2', hash: '#top' } })).toBe('/dashboard/orders?page=2#top');
  });

  it('reads a plain path', () => {
    expect(rememberedPath({ from: '/admin/messages' })).toBe('/admin/messages');
  });

  it('ignores missing state, other sites and the login page itself', () => {
    expect(rememberedPath(null)).toBeNull();
    expect(rememberedPath({})).toBeNull();
    expect(rememberedPath({ from: 'https://evil.test/' })).toBeNull();
    expect(rememberedPath({ from: '//evil.test/' })).toBeNull();
    expect(rememberedPath({ from: { pathname: '/login' } })).toBeNull();
  });
});
