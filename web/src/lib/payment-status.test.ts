import { describe, expect, it } from 'vitest';
import { paymentStatusLabel } from '@/lib/payment-status';

describe('paymentStatusLabel', () => {
  it('says each payment status in French', () => {
    expect(paymentStatusLabel('paid')).toBe('Payée');
    expect(paymentStatusLabel('partially_refunded')).toBe('Partiellement remboursée');
    expect(paymentStatusLabel('refunded')).toBe('Remboursée');
    expect(paymentStatusLabel('disputed')).toBe('Litige en cours');
  });

  it('shows an unknown value as it is rather than hiding it', () => {
    expect(paymentStatusLabel('chargeback')).toBe('chargeback');
  });
});
