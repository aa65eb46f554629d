import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/format-price';

// fr-FR puts a no-break space before the symbol and a narrow no-break space between thousands.
const nbsp = '\u00a0';
const narrowNbsp = '\u202f';

describe('formatPrice', () => {
  it('shows cents with a decimal comma and French grouping, the symbol after', () => {
    expect(formatPrice(900, { symbol: '€' })).toBe(`9,00${nbsp}€`);
    expect(formatPrice(1999, { symbol: '€' })).toBe(`19,99${nbsp}€`);
    expect(formatPrice(5, { symbol: '€' })).toBe(`0,05${nbsp}€`);
    expect(formatPrice(123400, { symbol: '€' })).toBe(`1${narrowNbsp}234,00${nbsp}€`);
    expect(formatPrice(123456789, { symbol: '€' })).toBe(`1${narrowNbsp}234${narrowNbsp}567,89${nbsp}€`);
  });

  it('replaces $1 in the currency template with the French amount', () => {
    expect(formatPrice(4450, { code: 'EUR', symbol: '€', template: '$1 €' })).toBe('44,50 €');
    expect(formatPrice(123400, { code: 'EUR', symbol: '€', template: '$1 €' })).toBe(`1${narrowNbsp}234,00 €`);
  });

  it('falls back to the symbol, then the code, then euros', () => {
    expect(formatPrice(1000, { code: 'USD', symbol: '€' })).toBe(`10,00${nbsp}€`);
    expect(formatPrice(1000, { code: 'chf' })).toBe(`10,00${nbsp}CHF`);
    expect(formatPrice(1000, {})).toBe(`10,00${nbsp}€`);
    expect(formatPrice(1000)).toBe(`10,00${nbsp}€`);
    expect(formatPrice(1000, null)).toBe(`10,00${nbsp}€`);
  });

  it("shows an order's three-letter code as fr-FR shows that currency", () => {
    expect(formatPrice(4500, 'eur')).toBe(`45,00${nbsp}€`);
    expect(formatPrice(123450, 'eur')).toBe(`1${narrowNbsp}234,50${nbsp}€`);
    expect(formatPrice(990, 'usd')).toBe(`9,90${nbsp}$US`);
  });

  it('shows a code Intl does not know, or a malformed one, as is', () => {
    expect(formatPrice(4500, 'xts')).toBe(`45,00${nbsp}XTS`);
    expect(formatPrice(4500, 'euro')).toBe(`45,00${nbsp}EURO`);
  });
});
