// Reads the commerce sandbox's catalogue, as a journey needs to know real stock.
export async function stockOf(variantId: string, productId: string): Promise<number> {
  const response = await fetch(`${process.env.COMMERCE_API_URL}/store/${process.env.COMMERCE_STORE_ID}/variants?product_ids[]=${productId}`);
  const { variants } = (await response.json()) as { variants: Array<{ id: string; inventory_quantity: number | null }> };
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

/** Every product of the commerce sandbox, as its store API answers, with each variant's stock of now. */
export async function wholeCatalogue(): Promise<CatalogueProduct[]> {
  const base = `${process.env.COMMERCE_API_URL}/store/${process.env.COMMERCE_STORE_ID}`;
  const { products, count } = (await (await fetch(`${base}/products?limit=100`)).json()) as { products: CatalogueProduct[]; count: number };
  if (products.length !== count) throw new Error(`the catalogue holds ${count} products, more than one page`);
  const ids = products.map((product) => `product_ids[]=${product.id}`).join('&');
  const { variants } = (await (await fetch(`${base}/variants?${ids}`)).json()) as { variants: Array<{ id: string; inventory_quantity: number | null }> };
  const stock = new Map(variants.map((variant) => [variant.id, variant.inventory_quantity]));
  return products.map((product) => ({
    ...product,
    variants: product.variants.map((variant) => ({ ...variant, inventory_quantity: stock.has(variant.id) ? stock.get(variant.id)! : variant.inventory_quantity })),
  }));
}
