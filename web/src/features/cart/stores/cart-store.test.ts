// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, createCartStore } from '@/features/cart/stores/cart-store';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const product = buildProduct();
const pdf = buildVariant({ id: 'pdf', title: 'PDF', price_in_cents: 2000 });
const limited = buildVariant({ id: 'limited', title: 'Coffret', manage_inventory: true, inventory_quantity: 1 });

const storedLines = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { variant: { id: string }; quantity: number }[] | null;

describe('cart store', () => {
  it('uses the lumiere-sacree-cart key', () => {
    expect(CART_STORAGE_KEY).toBe('lumiere-sacree-cart');
  });

  it('starts empty when nothing is stored', () => {
    expect(createCartStore(localStorage).getSnapshot()).toEqual([]);
  });

  it('starts from the persisted list', () => {
    const first = createCartStore(localStorage);
    first.addItem(product, pdf, 2, null);
    expect(createCartStore(localStorage).getSnapshot()).toEqual(first.getSnapshot());
  });

  it('starts empty when the stored cart is corrupt', () => {
    localStorage.setItem(CART_STORAGE_KEY, '[{"broken":');
    expect(createCartStore(localStorage).getSnapshot()).toEqual([]);
  });

  it('starts empty when storage itself throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: vi.fn(),
    };
    expect(createCartStore(storage).getSnapshot()).toEqual([]);
  });

  it('writes every change back', () => {
    const store = createCartStore(localStorage);
    store.addItem(product, pdf, 1, null);
    expect(storedLines()?.map((l) => [l.variant.id, l.quantity])).toEqual([['pdf', 1]]);
    store.addItem(product, pdf, 2, null);
    expect(storedLines()?.[0]?.quantity).toBe(3);
    store.updateQuantity('pdf', 7);
    expect(storedLines()?.[0]?.quantity).toBe(7);
    store.updateQuantity('pdf', 0);
    expect(storedLines()).toEqual([]);
    store.addItem(product, pdf, 1, null);
    store.removeItem('pdf');
    expect(storedLines()).toEqual([]);
    store.addItem(product, pdf, 1, null);
    store.clear();
    expect(storedLines()).toEqual([]);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps working in memory when writing to storage fails', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createCartStore(storage);
    store.addItem(product, pdf, 1, null);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('rejects an add beyond the stock without changing or writing the cart', () => {
    const store = createCartStore(localStorage);
    store.addItem(product, limited, 1, 1);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(() => store.addItem(product, limited, 1, 1)).toThrow(`Stock insuffisant pour ${product.title} (Coffret). 1 restant(s).`);
    expect(store.getSnapshot()[0]?.quantity).toBe(1);
    expect(storedLines()?.[0]?.quantity).toBe(1);
    expect(listener).not.toHaveBeenCalled();
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const store = createCartStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.addItem(product, pdf, 1, null);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
  });

  it('reloads what another tab wrote', () => {
    const store = createCartStore(localStorage);
    createCartStore(localStorage).addItem(product, pdf, 4, null);
    store.reload();
    expect(store.getSnapshot()[0]?.quantity).toBe(4);
  });
});
