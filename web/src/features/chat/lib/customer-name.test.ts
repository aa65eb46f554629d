import { describe, expect, it } from 'vitest';
import { customerName } from '@/features/chat/lib/customer-name';

describe('customerName', () => {
  it('prefers the full name', () => {
    expect(customerName({ full_name: 'Claire Martin', email: 'client@lumiere-sacree.test' })).toBe('Claire Martin');
  });

  it('falls back to the e-mail when the name is missing or blank', () => {
    expect(customerName({ full_name: null, email: 'client@lumiere-sacree.test' })).toBe('client@lumiere-sacree.test');
    expect(customerName({ full_name: '   ', email: 'client@lumiere-sacree.test' })).toBe('client@lumiere-sacree.test');
  });

  it('says "Client" when nothing is known', () => {
    expect(customerName({})).toBe('Client');
  });
});
