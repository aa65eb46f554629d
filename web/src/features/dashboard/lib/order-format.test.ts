import { describe, expect, it } from 'vitest';
import { formatOrderDate, lineTotalCents } from '@/features/dashboard/lib/order-format';

describe('formatOrderDate', () => {
  it('writes the date in French', () => {
    expect(formatOrderDate('2026-11-22T10:00:00Z')).toBe('22 novembre 2026');
  });
});

describe('lineTotalCents', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(lineTotalCents({ price_per_item_cents: 1500, quantity: 3 })).toBe(4500);
  });
});
