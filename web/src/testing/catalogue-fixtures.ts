// Small builders so each test states only the fields its rule depends on.
import type { Product, Variant } from '@/lib/commerce-types';

export function buildVariant(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 'variant_1',
    title: 'PDF',
    image_url: null,
    sku: null,
    price_in_cents: 2500,
    sale_price_in_cents: null,
    currency: 'eur',
    currency_info: { code: 'EUR', symbol: '€', template: '$1 €' },
    price_formatted: '25,00 €',
    sale_price_formatted: '',
    manage_inventory: false,
    weight: null,
    options: [],
    inventory_quantity: null,
    ...overrides,
  };
}

export function buildProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'product_1',
    title: "L'Éveil du Cœur",
    subtitle: null,
    ribbon_text: null,
    description: '<p>Un enseignement.</p>',
    image: null,
    price_in_cents: 2500,
    currency: 'eur',
    purchasable: true,
    order: 0,
    site_product_selection: null,
    images: [],
    options: [],
    variants: [buildVariant()],
    collections: [],
    additional_info: [],
    type: { value: 'digital' },
    custom_fields: [],
    related_products: [],
    updated_at: null,
    ...overrides,
  };
}
