import { describe, expect, it } from 'vitest';
import { rememberedPath } from '@/features/auth/lib/remembered-path';

describe('rememberedPath', () => {
  it('reads a path with its query and hash', () => {
    expect(rememberedPath({ from: '/dashboard/orders?page=2#top' })).toBe('/dashboard/orders?page=2#top');
    expect(rememberedPath({ from: '/admin/messages' })).toBe('/admin/messages');
  });

  it('ignores missing state, other sites and the login page itself', () => {
    expect(rememberedPath(null)).toBeNull();
    expect(rememberedPath({})).toBeNull();
    expect(rememberedPath({ from: 'https://evil.test/' })).toBeNull();
    expect(rememberedPath({ from: '//evil.test/' })).toBeNull();
    expect(rememberedPath({ from: '/login' })).toBeNull();
    expect(rememberedPath({ from: '/login?next=x' })).toBeNull();
    expect(rememberedPath({ from: { pathname: '/dashboard' } })).toBeNull();
  });
});
