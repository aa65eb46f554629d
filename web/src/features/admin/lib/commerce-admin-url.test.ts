import { describe, expect, it } from 'vitest';
import { commerceAdminUrlOf } from '@/features/admin/lib/commerce-admin-url';

describe('commerceAdminUrlOf', () => {
  it('links to the configured administration of the commerce service', () => {
    expect(commerceAdminUrlOf('https://hpanel.example.test/store', 'https://api.example.test')).toBe('https://hpanel.example.test/store');
  });

  it('falls back to the service itself when nothing, or no web address, is configured', () => {
    expect(commerceAdminUrlOf(undefined, 'https://api.example.test')).toBe('https://api.example.test');
    expect(commerceAdminUrlOf('javascript:alert(1)', 'https://api.example.test')).toBe('https://api.example.test');
    expect(commerceAdminUrlOf('', 'https://api.example.test')).toBe('https://api.example.test');
  });
});
