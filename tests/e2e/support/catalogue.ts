// Reads the catalogue of this worker's site where its web app reads it, as a journey needs to know
// real stock: the commerce sandbox's storefront API, or the shop's own tables through the
// storefront's functions (CATALOGUE_SOURCE=shop, docs/catalogue.md), which answer the same shapes.

type VariantStock = { id: string; inventory_quantity: number | null };

const shopCatalogue = () => process.env.CATALOGUE_SOURCE === 'shop';
const commerceStore = () => `${process.env.COMMERCE_API_URL}/store/${process.env.COMMERCE_STORE_ID}`;

/** One storefront function of the shop's own catalogue, called as the web app calls it (anon). */
const shopRead = (name: string, args: Record<string, unknown>) =>
  fetch(`${process.env.SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: process.env.SUPABASE_PUBLISHABLE_KEY!, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });

async function answerOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`the catalogue answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The stock of the variants on sale of these products, as the storefront reads it. */
export async function variantsStock(productIds: string[]): Promise<VariantStock[]> {
  const response = shopCatalogue()
    ? await shopRead('storefront_variants', { p_product_ids: productIds })
    : await fetch(`${commerceStore()}/variants?${productIds.map((id) => `product_ids[]=${id}`).join('&')}`);
  return (await answerOf<{ variants: VariantStock[] }>(response)).variants;
}

export async function stockOf(variantId: string, productId: string): Promise<number> {
  return (await variantsStock([productId])).find((v) => v.id === variantId)?.inventory_quantity ?? 0;
}

export interface CatalogueVariant {
  id: string;
  title: string;
  sku: string | null;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  currency: string;
  manage_inventory: boolean;
  inventory_quantity: number | null;
}

export interface CatalogueProduct {
  id: string;
  title: string;
  description: string | null;
  thumbnail: string | null;
  purchasable: boolean;
  updated_at: string | null;
  images: Array<{ url: string }>;
  variants: CatalogueVariant[];
}

/** Every product of the catalogue, as the storefront reads it, with each variant's stock of now. */
export async function wholeCatalogue(): Promise<CatalogueProduct[]> {
  const response = shopCatalogue() ? await shopRead('storefront_products', { p_limit: 100 }) : await fetch(`${commerceStore()}/products?limit=100`);
  const { products, count } = await answerOf<{ products: CatalogueProduct[]; count: number }>(response);
  if (products.length !== count) throw new Error(`the catalogue holds ${count} products, more than one page`);
  const variants = await variantsStock(products.map((product) => product.id));
  const stock = new Map(variants.map((variant) => [variant.id, variant.inventory_quantity]));
  return products.map((product) => ({
    ...product,
    variants: product.variants.map((variant) => ({ ...variant, inventory_quantity: stock.has(variant.id) ? stock.get(variant.id)! : variant.inventory_quantity })),
  }));
}
