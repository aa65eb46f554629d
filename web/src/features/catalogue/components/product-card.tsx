import { ShoppingBag } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { PriceTag } from '@/components/ui/price-tag';
import { productCardImage } from '@/lib/product-image';
import { Button } from '@/components/ui/button';
import type { Product, Variant } from '@/lib/commerce-types';
import { displayVariant } from '@/lib/product-price';

export interface ProductCardProps {
  product: Product;
  onAdd: (product: Product, variant: Variant) => void;
  /** Cards in the first row load their image at once (it is likely the largest paint). */
  eager?: boolean;
  /** The first card's image is the page's largest paint: the browser fetches it before the others. */
  priority?: boolean;
}

export function ProductCard({ product, onAdd, eager = false, priority = false }: ProductCardProps) {
  const titleId = useId();
  const [, navigate] = useLocation();
  const priced = displayVariant(product);
  const [onlyVariant] = product.variants;
  const hasChoices = product.variants.length > 1;
  const href = `/product/${product.id}`;

  const handleAdd = () => {
    if (hasChoices) navigate(href);
    else if (onlyVariant) onAdd(product, onlyVariant);
  };

  return (
    <article aria-labelledby={titleId} className="group flex w-full flex-col overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block aspect-square overflow-hidden bg-sand">
        <img
          {...productCardImage(product)}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        {product.ribbon_text ? (
          <span className="absolute left-3 top-3 rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold text-plum-900">{product.ribbon_text}</span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 id={titleId} className="text-xl font-semibold text-plum-900">
          <Link to={href} className="hover:underline">
            {product.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-mist">{product.subtitle || 'Un article divin pour votre collection.'}</p>
        <div className="mt-auto space-y-3 pt-3">
          {priced ? <PriceTag variant={priced} className="text-lg" /> : null}
          <Button className="w-full" onClick={handleAdd} disabled={!product.purchasable || !onlyVariant}>
            <ShoppingBag aria-hidden="true" className="h-4 w-4" />
            Ajouter au panier
          </Button>
        </div>
      </div>
    </article>
  );
}
