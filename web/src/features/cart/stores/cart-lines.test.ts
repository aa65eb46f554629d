import { describe, expect, it } from 'vitest';
import { addLine, cartItemCount, cartTotal, InsufficientStockError, parseStoredCart, removeLine, updateLineQuantity } from '@/features/cart/stores/cart-lines';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const product = buildProduct({ title: 'Méditation de la Lune' });
const audio = buildVariant({ id: 'audio', title: 'Audio', price_in_cents: 1500 });
const managed = buildVariant({ id: 'managed', title: 'Édition limitée', manage_inventory: true, inventory_quantity: 3 });

describe('stock check (spec §5)', () => {
  it('accepts an add that fits the available stock, counting what is already in the cart', () => {
    const lines = addLine([], product, managed, 2, 3);
    expect(addLine(lines, product, managed, 1, 3)[0]?.quantity).toBe(3);
  });

  it('refuses an add that exceeds the stock with the spec message, leaving the lines unchanged', () => {
    const lines = addLine([], product, managed, 2, 3);
    const before = structuredClone(lines);
    expect(() => addLine(lines, product, managed, 2, 3)).toThrow(new InsufficientStockError(product, managed, 3));
    expect(() => addLine(lines, product, managed, 2, 3)).toThrow('Stock insuffisant pour Méditation de la Lune (Édition limitée). 3 restant(s).');
    expect(lines).toEqual(before);
  });

  it('treats unknown stock as none when inventory is managed', () => {
    expect(() => addLine([], product, managed, 1, null)).toThrow('0 restant(s).');
  });

  it('does not check stock when the variant does not manage inventory', () => {
    expect(addLine([], product, audio, 500, 0)[0]?.quantity).toBe(500);
  });
});

describe('cart lines (spec §4)', () => {
  it('appends a new variant as a new line', () => {
    const lines = addLine(addLine([], product, audio, 1, null), product, managed, 1, 3);
    expect(lines.map((line) => [line.variant.id, line.quantity])).toEqual([
      ['audio', 1],
      ['managed', 1],
    ]);
  });

  it('merges an existing variant into its line', () => {
    const lines = addLine(addLine([], product, audio, 1, null), product, audio, 2, null);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
  });

  it('sets a quantity, without upper bound', () => {
    const lines = updateLineQuantity(addLine([], product, audio, 1, null), 'audio', 99);
    expect(lines[0]?.quantity).toBe(99);
  });

  it('removes the line when the quantity drops below 1', () => {
    const lines = addLine([], product, audio, 1, null);
    expect(updateLineQuantity(lines, 'audio', 0)).toEqual([]);
    expect(updateLineQuantity(lines, 'audio', -3)).toEqual([]);
  });

  it('removes a line by variant id and keeps the others', () => {
    const lines = addLine(addLine([], product, audio, 1, null), product, managed, 1, 3);
    expect(removeLine(lines, 'audio').map((line) => line.variant.id)).toEqual(['managed']);
  });

  it('totals effective unit prices times quantities, and counts items', () => {
    const sale = buildVariant({ id: 'sale', price_in_cents: 4000, sale_price_in_cents: 2500 });
    const lines = addLine(addLine([], product, audio, 2, null), product, sale, 3, null);
    expect(cartTotal(lines)).toBe(2 * 1500 + 3 * 2500);
    expect(cartItemCount(lines)).toBe(5);
    expect(cartTotal([])).toBe(0);
  });
});

describe('parseStoredCart', () => {
  it('reads a stored list back', () => {
    const lines = addLine([], product, audio, 2, null);
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['invalid JSON', '{not json'],
    ['an object instead of a list', '{"product":{}}'],
    ['a line without a variant', JSON.stringify([{ product: { id: 'p', title: 't' }, quantity: 1 }])],
    ['a fractional quantity', JSON.stringify([{ product: { id: 'p', title: 't' }, variant: { id: 'v', price_in_cents: 1 }, quantity: 1.5 }])],
  ])('gives an empty cart for %s', (_label, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });
});
