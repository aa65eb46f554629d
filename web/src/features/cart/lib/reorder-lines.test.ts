import { describe, expect, it } from 'vitest';
import { createCartStore } from '@/features/cart/stores/cart-store';
import { reorderLines, type OrderedLine } from '@/features/cart/lib/reorder-lines';
import type { Product, Variant } from '@/lib/commerce-types';

function variant(id: string, price: number, stock: number | null): Variant {
  return {
    id, title: `Variante ${id}`, image_url: null, sku: null, price_in_cents: price, sale_price_in_cents: null, currency: 'eur', currency_info: null,
    price_formatted: '', sale_price_formatted: '', manage_inventory: stock !== null, weight: null, options: [], inventory_quantity: stock,
  };
}

function product(id: string, variants: Variant[], purchasable = true): Product {
  return {
    id, title: `Produit ${id}`, subtitle: null, ribbon_text: null, description: null, image: null, price_in_cents: variants[0]!.price_in_cents,
    currency: 'eur', purchasable, order: 0, site_product_selection: null, images: [], options: [], variants, collections: [],
    additional_info: [], type: { value: 'digital' }, custom_fields: [], related_products: [], updated_at: null,
  };
}

const line = (product_id: string, variant_id: string, quantity = 1): OrderedLine => ({
  product_id, variant_id, product_title: `Produit ${product_id}`, variant_title: `Variante ${variant_id}`, quantity,
});

describe('reorderLines', () => {
  it('adds the lines at today\'s prices and reports those out of stock, gone or no longer for sale', () => {
    const store = createCartStore(null);
    const today = [product('p1', [variant('v1', 3500, null)]), product('p2', [variant('v2', 1500, 1)]), product('p3', [variant('v3', 900, null)], false)];
    const outcome = reorderLines([line('p1', 'v1', 2), line('p2', 'v2', 3), line('p3', 'v3'), line('p4', 'v4')], today, store.addItem);
    expect(outcome).toEqual({ added: 1, unavailable: ['Produit p2 (Variante v2)', 'Produit p3 (Variante v3)', 'Produit p4 (Variante v4)'] });
    expect(store.getSnapshot().map((l) => [l.variant.id, l.quantity, l.variant.price_in_cents])).toEqual([['v1', 2, 3500]]);
  });

  it('counts what the cart already holds in the stock check, as adding to the cart does', () => {
    const store = createCartStore(null);
    const today = [product('p2', [variant('v2', 1500, 2)])];
    store.addItem(today[0]!, today[0]!.variants[0]!, 1, 2);
    expect(reorderLines([line('p2', 'v2', 2)], today, store.addItem).unavailable).toEqual(['Produit p2 (Variante v2)']);
    expect(store.getSnapshot()[0]!.quantity).toBe(1);
    expect(reorderLines([line('p2', 'v2', 1)], today, store.addItem)).toEqual({ added: 1, unavailable: [] });
  });
});
