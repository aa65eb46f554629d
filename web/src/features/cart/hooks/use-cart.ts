import { useSyncExternalStore } from 'react';
import { cartItemCount, cartTotal, type CartLine } from '@/features/cart/stores/cart-lines';
import { CART_STORAGE_KEY, createCartStore } from '@/features/cart/stores/cart-store';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const cartStore = createCartStore(browserStorage());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) cartStore.reload();
  });
}

/** The cart as a page is pre-rendered at build time: empty, as a first visit's. */
const noLines: CartLine[] = [];
const serverSnapshot = () => noLines;

export function useCart() {
  const items: CartLine[] = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, serverSnapshot);
  return {
    items,
    totalCents: cartTotal(items),
    itemCount: cartItemCount(items),
    addItem: cartStore.addItem,
    updateQuantity: cartStore.updateQuantity,
    removeItem: cartStore.removeItem,
    clear: cartStore.clear,
  };
}
