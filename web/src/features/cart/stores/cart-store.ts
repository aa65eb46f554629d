// The cart as an external store: one list of lines persisted in local storage under one key,
// written back after every change, and reloaded when another tab changes it.
import type { Product, Variant } from '@/lib/commerce-types';
import { addLine, parseStoredCart, removeLine, updateLineQuantity, type CartLine } from '@/features/cart/stores/cart-lines';

export const CART_STORAGE_KEY = 'lumiere-sacree-cart';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function createCartStore(storage: KeyValueStorage | null, key = CART_STORAGE_KEY) {
  const read = (): CartLine[] => {
    try {
      return parseStoredCart(storage?.getItem(key) ?? null);
    } catch {
      return [];
    }
  };

  let lines = read();
  const listeners = new Set<() => void>();

  const commit = (next: CartLine[]) => {
    lines = next;
    try {
      storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Private browsing or a full quota: the cart still works for this page's lifetime.
    }
    listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: (): CartLine[] => lines,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Throws InsufficientStockError (cart unchanged) when the stock check refuses the add. */
    addItem(product: Product, variant: Variant, quantity: number, availableQuantity: number | null | undefined): void {
      commit(addLine(lines, product, variant, quantity, availableQuantity));
    },
    updateQuantity(variantId: string, quantity: number): void {
      commit(updateLineQuantity(lines, variantId, quantity));
    },
    removeItem(variantId: string): void {
      commit(removeLine(lines, variantId));
    },
    clear(): void {
      commit([]);
    },
    /** Picks up a change written by another tab. */
    reload(): void {
      lines = read();
      listeners.forEach((listener) => listener());
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
