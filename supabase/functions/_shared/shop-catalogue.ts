// The shop's own catalogue (docs/catalogue.md) as the functions price a cart from it: the variants
// named, with their product, in one PostgREST select as anon, so RLS hands over published products
// only, and the filters say the same again (published, not deleted, the variant not retired) in
// case a policy ever widens. Spec §9: the sale price when there is one, else the regular price.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Catalogue, CatalogueVariant } from './commerce-provider.ts';

interface VariantRow {
  id: string;
  title: string;
  image_url: string | null;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  manage_inventory: boolean;
  inventory_quantity: number | null;
  product: {
    id: string;
    title: string;
    purchasable: boolean;
    currency: string;
    images: { url: string; position: number }[];
  };
}

const columns =
  'id, title, image_url, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity, ' +
  'product:products!inner(id, title, purchasable, currency, images:product_images(url, position))';

export class ShopCatalogue implements Catalogue {
  /** `client` reads as anon: the publishable key, no caller's token. */
  constructor(private readonly client: SupabaseClient) {}

  async findVariants(variantIds: string[]): Promise<Map<string, CatalogueVariant>> {
    const found = new Map<string, CatalogueVariant>();
    if (variantIds.length === 0) return found;
    const { data, error } = await this.client
      .from('product_variants')
      .select(columns)
      .in('id', [...new Set(variantIds)])
      .is('retired_at', null)
      .eq('product.status', 'published')
      .is('product.deleted_at', null)
      .returns<VariantRow[]>();
    // Not a CommerceError: the shop's own database failing is the shop's 500, not a provider's 502.
    if (error) throw new Error(`reading the shop's catalogue: ${error.message}`);
    for (const row of data) {
      const [firstImage] = [...row.product.images].sort((a, b) => a.position - b.position);
      found.set(row.id, {
        variant_id: row.id,
        product_id: row.product.id,
        product_title: row.product.title,
        variant_title: row.title,
        image_url: row.image_url ?? firstImage?.url ?? null,
        unit_price_cents: row.sale_price_in_cents ?? row.price_in_cents,
        currency: row.product.currency,
        purchasable: row.product.purchasable,
        stock: row.manage_inventory ? (row.inventory_quantity ?? 0) : null,
      });
    }
    return found;
  }
}
