import { Minus, Plus } from 'lucide-react';
import type { CartLine } from '@/features/cart/stores/cart-lines';
import { formatPrice } from '@/lib/format-price';
import { productImage } from '@/lib/product-image';
import { effectivePrice } from '@/lib/product-price';

interface CartLineItemProps {
  line: CartLine;
  onQuantityChange: (variantId: string, quantity: number) => void;
  onRemove: (variantId: string) => void;
}

export function CartLineItem({ line, onQuantityChange, onRemove }: CartLineItemProps) {
  const { product, variant, quantity } = line;
  const image = variant.image_url ?? productImage(product);
  const name = variant.title ? `${product.title} (${variant.title})` : product.title;

  return (
    <li className="flex gap-4 rounded-2xl border border-plum-100 bg-white p-3" aria-label={name}>
      <img src={image} alt={product.title} className="h-20 w-20 shrink-0 rounded-xl object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate font-semibold text-plum-900">{product.title}</p>
        {variant.title ? <p className="truncate text-sm text-mist">{variant.title}</p> : null}
        <p className="text-sm font-medium text-plum-800">{formatPrice(effectivePrice(variant), variant.currency_info ?? variant.currency)}</p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <div role="group" aria-label={`Quantité de ${name}`} className="inline-flex items-center rounded-full border border-plum-200">
            <button
              type="button"
              onClick={() => onQuantityChange(variant.id, quantity - 1)}
              disabled={quantity <= 1}
              aria-label="Diminuer la quantité"
              className="rounded-full p-2 text-plum-800 hover:bg-plum-50 disabled:opacity-40"
            >
              <Minus aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
            <span aria-live="polite" className="min-w-8 text-center text-sm font-semibold">
              {quantity}
            </span>
            <button
              type="button"
              onClick={() => onQuantityChange(variant.id, quantity + 1)}
              aria-label="Augmenter la quantité"
              className="rounded-full p-2 text-plum-800 hover:bg-plum-50"
            >
              <Plus aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </div>
          <button type="button" onClick={() => onRemove(variant.id)} className="text-sm font-medium text-red-700 hover:underline">
            Retirer
          </button>
        </div>
      </div>
    </li>
  );
}
