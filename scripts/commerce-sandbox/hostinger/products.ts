// The Ecommerce API's products (`ecommerce_listProductsV1`, `ecommerce_listProductVariantsV1`),
// answered from the same catalogue as the storefront (catalogue.ts), the store's drafts included,
// in the shapes of openapi.json's ProductResource and VariantResource: nothing more than they name.
import { draftProductSeeds, productSeeds, type ProductSeed } from '../catalogue-data.ts';
import { productJson } from '../catalogue.ts';
import type { SandboxState } from '../state.ts';

// The list's shape (with `images`), which productJson answers unless asked for the single one.
type StoreProduct = Extract<ReturnType<typeof productJson>, { images: unknown }>;
type Status = 'draft' | 'published';

function variantResource(product: StoreProduct, variant: StoreProduct['variants'][number]) {
  const option = product.options[0];
  return {
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    options: option ? variant.options.map((value) => ({ name: option.title, value: value.value })) : [],
    prices: [{ amount: variant.price_in_cents, sale_amount: variant.sale_price_in_cents, currency_code: variant.currency }],
    // The document types the stock as an integer: an untracked variant counts none.
    inventory_quantity: variant.inventory_quantity ?? 0,
    manage_inventory: variant.manage_inventory,
  };
}

function productResource(product: StoreProduct, status: Status, include: string[]) {
  const effective = product.variants.map((v) => v.sale_price_in_cents ?? v.price_in_cents);
  return {
    id: product.id,
    title: product.title,
    status,
    thumbnail: product.thumbnail,
    type: product.type.value,
    variant_count: product.variants.length,
    price_range: { min: Math.min(...effective), max: Math.max(...effective), currency_code: product.currency_info.code },
    variants: include.includes('variants') ? product.variants.map((v) => variantResource(product, v)) : null,
    media: include.includes('media') ? product.images.map((image, i) => ({ url: image.url, type: image.type, is_thumbnail: i === 0 })) : null,
  };
}

/** Every product of the store with its status: the storefront's, in their order, then the drafts. */
function storeProducts(base: string, state: SandboxState): Array<{ product: StoreProduct; status: Status }> {
  const listed = (seed: ProductSeed, order: number) => productJson(seed, order, base, (id) => state.stockOf(id)) as StoreProduct;
  return [
    ...productSeeds.map((seed, order) => ({ product: listed(seed, order), status: 'published' as const })),
    ...draftProductSeeds.map((seed, i) => ({ product: listed(seed, productSeeds.length + i), status: 'draft' as const })),
  ];
}

export interface ProductQuery {
  productIds: string[];
  statuses: string[];
  text: string | undefined;
  include: string[];
}

/** The products a list request names, before paging. */
export function listedProducts(base: string, state: SandboxState, query: ProductQuery) {
  const text = query.text?.toLowerCase();
  return storeProducts(base, state)
    .filter(({ product, status }) =>
      (query.productIds.length === 0 || query.productIds.includes(product.id)) &&
      (query.statuses.length === 0 || query.statuses.includes(status)) &&
      (!text || [product.title, ...product.variants.map((v) => v.sku)].some((field) => field.toLowerCase().includes(text))),
    )
    .map(({ product, status }) => productResource(product, status, query.include));
}

/** One product's variants, or undefined when the store has no such product. */
export function productVariants(base: string, state: SandboxState, productId: string) {
  const found = storeProducts(base, state).find(({ product }) => product.id === productId);
  return found?.product.variants.map((v) => variantResource(found.product, v));
}
