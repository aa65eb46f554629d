// A variant's name, price (as the storefront shows it), stock and reference on the products page,
// on either catalogue.
import { PriceTag } from '@/components/ui/price-tag';
import { stockText } from '@/features/admin/lib/variant-summary';
import type { Variant } from '@/lib/commerce-types';

type Facts = Pick<Variant, 'price_in_cents' | 'sale_price_in_cents' | 'currency' | 'manage_inventory' | 'inventory_quantity'> &
  Partial<Pick<Variant, 'currency_info' | 'sku'>>;

export function VariantFacts({ name, variant }: { name: string; variant: Facts }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-mist">Variante</dt>
      <dd className="font-medium text-ink">{name}</dd>
      <dt className="text-mist">Prix</dt>
      <dd>
        <PriceTag variant={variant} />
      </dd>
      <dt className="text-mist">Stock</dt>
      <dd>{stockText(variant)}</dd>
      {variant.sku ? (
        <>
          <dt className="text-mist">Référence</dt>
          <dd>{variant.sku}</dd>
        </>
      ) : null}
    </dl>
  );
}
