import DOMPurify from 'dompurify';
import { ShoppingBag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PriceTag } from '@/components/ui/price-tag';
import { productGallery } from '@/lib/product-image';
import { ProductGallery } from '@/features/catalogue/components/product-gallery';
import { QuantityStepper } from '@/features/catalogue/components/quantity-stepper';
import { canAddToCart, stockState } from '@/features/catalogue/components/stock';
import { VariantPicker } from '@/features/catalogue/components/variant-picker';
import { Button } from '@/components/ui/button';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import type { Product, Variant } from '@/lib/commerce-types';
import { metaDescription } from '@/lib/html-text';

export interface ProductDetailsProps {
  product: Product;
  onAdd: (product: Product, variant: Variant, quantity: number) => void;
}

export function ProductDetails({ product, onAdd }: ProductDetailsProps) {
  const [selected, setSelected] = useState<Variant | undefined>(product.variants[0]);
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);

  const images = useMemo(() => productGallery(product), [product]);
  const description = useMemo(() => DOMPurify.sanitize(product.description ?? ''), [product.description]);
  useDocumentMeta({ title: product.title, description: metaDescription(product.description) });

  const selectVariant = (variant: Variant) => {
    setSelected(variant);
    setQuantity(1);
    const variantImage = variant.image_url ? images.findIndex((image) => image.url === variant.image_url) : -1;
    if (variantImage !== -1) setImageIndex(variantImage);
  };

  const stock = selected ? stockState(selected) : null;
  const available = selected ? canAddToCart(product, selected) : false;

  return (
    <article className="grid gap-10 lg:grid-cols-2 lg:gap-16">
      <ProductGallery title={product.title} images={images} index={imageIndex} onIndexChange={setImageIndex} />
      <div className="space-y-6">
        <header className="space-y-2">
          {product.ribbon_text ? <p className="inline-block rounded-full bg-gold-200 px-3 py-1 text-xs font-semibold text-plum-900">{product.ribbon_text}</p> : null}
          <h1 className="text-4xl font-semibold text-plum-900 md:text-5xl">{product.title}</h1>
          {product.subtitle ? <p className="text-lg text-mist">{product.subtitle}</p> : null}
        </header>

        {selected ? <PriceTag variant={selected} className="text-2xl" /> : null}

        {description ? <div className="prose-description leading-relaxed text-mist" dangerouslySetInnerHTML={{ __html: description }} /> : null}

        {product.variants.length > 1 && selected ? (
          <VariantPicker label={product.options[0]?.title || 'Style'} variants={product.variants} selectedId={selected.id} onSelect={selectVariant} />
        ) : null}

        <div className="flex flex-wrap items-center gap-4">
          <QuantityStepper value={quantity} onChange={setQuantity} />
          <Button size="lg" disabled={!available} onClick={() => selected && onAdd(product, selected, quantity)}>
            <ShoppingBag aria-hidden="true" className="h-5 w-5" />
            {available ? 'Ajouter au panier' : 'Indisponible'}
          </Button>
        </div>

        {stock?.kind === 'in-stock' ? <p className="text-sm font-medium text-emerald-800">{stock.quantity} en stock</p> : null}
        {stock?.kind === 'out-of-stock' ? <p className="text-sm font-medium text-red-700">En rupture de stock</p> : null}

        {product.additional_info.length > 0 ? (
          <div className="space-y-4 border-t border-plum-100 pt-6">
            {[...product.additional_info]
              .sort((a, b) => a.order - b.order)
              .map((info) => (
                <section key={info.id}>
                  <h2 className="text-lg font-semibold text-plum-900">{info.title}</h2>
                  <div className="prose-description text-sm text-mist" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(info.description) }} />
                </section>
              ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
