// One product of the catalogue on the products page: its variants with price, sale price and
// stock as the commerce service gives them (read-only here), and each variant's file.
import { VariantFacts } from '@/features/admin/components/variant-facts';
import { VariantFilePanel } from '@/features/admin/components/variant-file-panel';
import { variantLabel } from '@/features/admin/lib/variant-summary';
import { variantFileStatus, type VariantFile } from '@/features/admin/lib/variant-file-status';
import type { Product } from '@/lib/commerce-types';

export function ProductFilesCard({ product, files }: { product: Product; files: Map<string, VariantFile> }) {
  const titleId = `product-${product.id}`;
  const single = product.variants.length === 1;
  return (
    <article aria-labelledby={titleId} className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-semibold text-plum-900">
            {product.title}
          </h2>
          {product.subtitle ? <p className="text-sm text-mist">{product.subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2 text-xs font-medium">
          {product.ribbon_text ? <span className="rounded-full bg-gold-100 px-3 py-1 text-plum-900">{product.ribbon_text}</span> : null}
          {product.purchasable ? null : <span className="rounded-full bg-plum-100 px-3 py-1 text-plum-900">Non disponible à la vente</span>}
        </div>
      </header>
      <ul className="mt-4 divide-y divide-plum-100">
        {product.variants.map((variant) => {
          const label = variantLabel(product, variant);
          return (
            <li key={variant.id}>
              <section aria-label={`Variante ${label}`} className="grid gap-4 py-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
                <VariantFacts name={single || !variant.title ? 'Variante unique' : variant.title} variant={variant} />
                <VariantFilePanel variantId={variant.id} label={label} status={variantFileStatus(product, files.get(variant.id))} />
              </section>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
