import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/format-price';

describe('formatPrice', () => {
  it('divides cents by 100 and keeps two decimals', () => {
    expect(formatPrice(2500, { symbol: '€' })).toBe('€25.00');
    expect(formatPrice(1999, { symbol: '€' })).toBe('€19.99');
    expect(formatPrice(5, { symbol: '€' })).toBe('€0.05');
  });

  it('replaces $1 in the currency template', () => {
    expect(formatPrice(4450, { code: 'EUR', symbol: '€', template: '$1 €' })).toBe('44.50 €');
  });

  it('falls back to the symbol, then the code, then €', () => {
    expect(formatPrice(1000, { code: 'EUR', symbol: '€' })).toBe('€10.00');
    expect(formatPrice(1000, { code: 'EUR' })).toBe('EUR10.00');
    expect(formatPrice(1000, {})).toBe('€10.00');
    expect(formatPrice(1000)).toBe('€10.00');
    expect(formatPrice(1000, null)).toBe('€10.00');
  });

  it('treats a plain string as the currency code', () => {
    expect(formatPrice(1250, 'usd')).toBe('usd12.50');
  });
});
