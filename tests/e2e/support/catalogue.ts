// Reads the catalogue of this worker's site where its web app reads it, as a journey needs to know
// real stock: the commerce sandbox's storefront API, or the shop's own tables through the
// storefront's functions (CATALOGUE_SOURCE=shop, docs/catalogue.md), which answer the same shapes.

type VariantsStock = { variants: Array<{ id: string; inventory_quantity: number | null }> };
type ProductList = { products: CatalogueProduct[]; count: number };

/** The storefront's read of every product, or of the stock of some products' variants. */
async function storefront<T>(call: { products: true } | { variantsOf: string[] }): Promise<T> {
  const env = process.env;
  const response =
    env.CATALOGUE_SOURCE === 'shop'
      ? await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${'products' in call ? 'storefront_products' : 'storefront_variants'}`, {
          method: 'POST',
          headers: { apikey: env.SUPABASE_PUBLISHABLE_KEY!, 'Content-Type': 'application/json' },
          body: JSON.stringify('products' in call ? { p_limit: 100 } : { p_product_ids: call.variantsOf }),
        })
      : await fetch(
          `${env.COMMERCE_API_URL}/store/${env.COMMERCE_STORE_ID}/${'products' in call ? 'products?limit=100' : `variants?${call.variantsOf.map((id) => `product_ids[]=${id}`).join('&')}`}`,
        );
  if (!response.ok) throw new Error(`the catalogue answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function stockOf(variantId: string, productId: string): Promise<number> {
  const { variants } = await storefront<VariantsStock>({ variantsOf: [productId] });
  return variants.find((v) => v.id === variantId)?.inventory_quantity ?? 0;
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
  const { products, count } = await storefront<ProductList>({ products: true });
  if (products.length !== count) throw new Error(`the catalogue holds ${count} products, more than one page`);
  const { variants } = await storefront<VariantsStock>({ variantsOf: products.map((product) => product.id) });
  const stock = new Map(variants.map((variant) => [variant.id, variant.inventory_quantity]));
  return products.map((product) => ({
    ...product,
    variants: product.variants.map((variant) => ({ ...variant, inventory_quantity: stock.has(variant.id) ? stock.get(variant.id)! : variant.inventory_quantity })),
  }));
}
