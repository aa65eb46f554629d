import { describe, expect, it } from 'vitest';
import { formatOrderAmount, formatOrderDate, lineTotalCents } from '@/features/dashboard/lib/order-format';

// fr-FR puts a no-break space before the symbol and a narrow no-break space between thousands.
const nbsp = '\u00a0';
const narrowNbsp = '\u202f';

describe('formatOrderAmount', () => {
  it('shows cents as euros the French way', () => {
    expect(formatOrderAmount(4500, 'eur')).toBe(`45,00${nbsp}€`);
    expect(formatOrderAmount(123450, 'eur')).toBe(`1${narrowNbsp}234,50${nbsp}€`);
  });

  it('uses the order\'s own currency', () => {
    expect(formatOrderAmount(990, 'usd')).toBe(`9,90${nbsp}$US`);
    expect(formatOrderAmount(1000, 'chf')).toBe(`10,00${nbsp}CHF`);
  });

  it('shows a currency code the browser does not know as is', () => {
    expect(formatOrderAmount(4500, 'xts')).toBe(`45,00${nbsp}XTS`);
  });
});

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
