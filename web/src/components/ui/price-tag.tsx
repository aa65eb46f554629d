import type { Variant } from '@/lib/commerce-types';
import { clsx } from 'clsx';
import { formatPrice } from '@/lib/format-price';

type Priced = Pick<Variant, 'price_in_cents' | 'sale_price_in_cents' | 'currency'> & Partial<Pick<Variant, 'currency_info'>>;

/** A variant's price; a sale shows the sale price with the original struck through. */
export function PriceTag({ variant, className }: { variant: Priced; className?: string }) {
  const currency = variant.currency_info ?? variant.currency;
  const regular = formatPrice(variant.price_in_cents, currency);
  if (variant.sale_price_in_cents === null) {
    return <p className={clsx('whitespace-nowrap font-semibold text-plum-800', className)}>{regular}</p>;
  }
  return (
    <p className={clsx('flex flex-wrap items-baseline gap-x-2 whitespace-nowrap', className)}>
      <span className="font-semibold text-plum-800">{formatPrice(variant.sale_price_in_cents, currency)}</span>
      <s className="text-sm text-mist">
        <span className="sr-only">Prix initial : </span>
        {regular}
      </s>
    </p>
  );
}
