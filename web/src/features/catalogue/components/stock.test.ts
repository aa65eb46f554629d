import { describe, expect, it } from 'vitest';
import { canAddToCart, stockState } from '@/features/catalogue/components/stock';
import { buildVariant } from '@/testing/catalogue-fixtures';

describe('stockState', () => {
  it('is untracked when the variant does not manage inventory', () => {
    expect(stockState(buildVariant({ manage_inventory: false, inventory_quantity: 0 }))).toEqual({ kind: 'untracked' });
  });

  it('is in stock with the quantity when at least one is left', () => {
    expect(stockState(buildVariant({ manage_inventory: true, inventory_quantity: 4 }))).toEqual({ kind: 'in-stock', quantity: 4 });
  });

  it('is out of stock at zero or unknown stock', () => {
    expect(stockState(buildVariant({ manage_inventory: true, inventory_quantity: 0 }))).toEqual({ kind: 'out-of-stock' });
    expect(stockState(buildVariant({ manage_inventory: true, inventory_quantity: null }))).toEqual({ kind: 'out-of-stock' });
  });
});

describe('canAddToCart', () => {
  it('needs a purchasable product', () => {
    expect(canAddToCart({ purchasable: false }, buildVariant())).toBe(false);
    expect(canAddToCart({ purchasable: true }, buildVariant())).toBe(true);
  });

  it('needs stock of at least 1 when inventory is managed', () => {
    expect(canAddToCart({ purchasable: true }, buildVariant({ manage_inventory: true, inventory_quantity: 1 }))).toBe(true);
    expect(canAddToCart({ purchasable: true }, buildVariant({ manage_inventory: true, inventory_quantity: 0 }))).toBe(false);
  });
});
