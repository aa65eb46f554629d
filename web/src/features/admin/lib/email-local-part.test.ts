import { describe, expect, it } from 'vitest';
import { emailLocalPart } from '@/features/admin/lib/email-local-part';

describe('emailLocalPart', () => {
  it('keeps what comes before the @', () => {
    expect(emailLocalPart('admin@lumiere-sacree.test')).toBe('admin');
    expect(emailLocalPart('marie.dupont+boutique@example.fr')).toBe('marie.dupont+boutique');
  });

  it('cuts at the last @, as addresses may quote one in their local part', () => {
    expect(emailLocalPart('"a@b"@example.fr')).toBe('"a@b"');
  });

  it('gives back what has no domain, and nothing for no address', () => {
    expect(emailLocalPart('admin')).toBe('admin');
    expect(emailLocalPart(undefined)).toBe('');
    expect(emailLocalPart('')).toBe('');
  });
});
