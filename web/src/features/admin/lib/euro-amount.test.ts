import { describe, expect, it } from 'vitest';
import { centsFromEuros, eurosFromCents } from '@/features/admin/lib/euro-amount';
import { formatPrice } from '@/lib/format-price';

describe('centsFromEuros', () => {
  it.each([
    ['14,90', 1490],
    ['14.9', 1490],
    ['14', 1400],
    ['0,05', 5],
    ['0', 0],
    [' 39,00 € ', 3900],
    ['1 234,50', 123450],
    ['1\u202f234,50', 123450],
    ['1\u00a0234,5\u00a0€', 123450],
    // Exact where a float is not: 0.29 * 100 is 28.999999999999996.
    ['0,29', 29],
    ['1,15', 115],
    ['21474836,47', 2147483647],
  ])('reads « %s » as %i cents', (text, cents) => {
    expect(centsFromEuros(text)).toBe(cents);
  });

  it.each(['', '   ', '-5', '14,905', '14,', ',90', '1.234,50', '14 euros', 'abc', '1e3', '0x10', '21474836,48', '99999999999999999'])(
    'refuses « %s »',
    (text) => {
      expect(centsFromEuros(text)).toBeNull();
    },
  );
});

describe('eurosFromCents', () => {
  it('writes the amount as the storefront shows it, without the symbol', () => {
    expect(eurosFromCents(1490)).toBe('14,90');
    expect(formatPrice(123450, 'eur')).toContain(eurosFromCents(123450));
  });

  it('reads back what it writes', () => {
    for (const cents of [0, 5, 1490, 123450, 2147483647]) expect(centsFromEuros(eurosFromCents(cents))).toBe(cents);
  });
});
