// One product of the shop's own catalogue on the products page: its status and place, its texts,
// each variant's price, sale price and stock (shown as the storefront shows them), and the file
// each variant delivers. Panels of their own files add its sale settings and collections, its images,
// its variants' names, removal and new ones, its options, and its own removal. Every write goes through
// RLS as the administrator and is audited.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import type { ShopProduct, ShopVariant } from '@/features/admin/api/shop-catalogue-queries';
import { useMoveProduct, useSaveProductTexts, useSaveVariantPricing, useSetProductStatus } from '@/features/admin/api/shop-products';
import { ProductDescriptionForm } from '@/features/admin/components/product-description-form';
import { EditDisclosure, runCatalogueWrite, useEditForm } from '@/features/admin/components/shop-edit-form';
import { ShopImagesPanel } from '@/features/admin/components/shop-images-panel';
import { ShopOptionsPanel } from '@/features/admin/components/shop-options-panel';
import { FormFooter, ProductTextsFields, VariantPricingFields } from '@/features/admin/components/shop-product-fields';
import { ShopProductRemoval } from '@/features/admin/components/shop-product-removal';
import { ShopProductSettingsPanel } from '@/features/admin/components/shop-product-settings-panel';
import { ShopVariantsPanel, VariantDetailsPanel } from '@/features/admin/components/shop-variants-panel';
import { VariantFacts } from '@/features/admin/components/variant-facts';
import { VariantFilePanel } from '@/features/admin/components/variant-file-panel';
import { variantFileStatus, type VariantFile } from '@/features/admin/lib/variant-file-status';
import { variantLabel } from '@/features/admin/lib/variant-summary';
import {
  productTextsSchema,
  toProductTextsUpdate,
  toProductTextsValues,
  toVariantPricingUpdate,
  toVariantPricingValues,
  variantPricingSchema,
  type ProductTextsValues,
  type VariantPricingValues,
} from '@/features/admin/schemas/shop-product-schema';

const statusLabels = { draft: 'Brouillon', published: 'Publié' } as const;

function ProductTextsForm({ product, onSaved }: { product: ShopProduct; onSaved: () => void }) {
  const save = useSaveProductTexts();
  const { form, failure, onSubmit } = useEditForm<ProductTextsValues>(
    zodResolver(productTextsSchema),
    toProductTextsValues(product),
    (values) => save.mutateAsync({ productId: product.id, texts: toProductTextsUpdate(values) }),
    'Textes enregistrés.',
    onSaved,
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Textes de « ${product.title} »`}>
      <ProductTextsFields form={form} />
      <FormFooter failure={failure} submitting={form.formState.isSubmitting} submit="Enregistrer les textes" />
    </form>
  );
}

function VariantPricingForm({ variant, label, onSaved }: { variant: ShopVariant; label: string; onSaved: () => void }) {
  const save = useSaveVariantPricing();
  const { form, failure, onSubmit } = useEditForm<VariantPricingValues>(
    zodResolver(variantPricingSchema),
    toVariantPricingValues(variant),
    (values) => save.mutateAsync({ variantId: variant.id, pricing: toVariantPricingUpdate(values) }),
    'Prix et stock enregistrés.',
    onSaved,
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Prix et stock de ${label}`}>
      <VariantPricingFields form={form} />
      <FormFooter failure={failure} submitting={form.formState.isSubmitting} submit="Enregistrer le prix et le stock" />
    </form>
  );
}

interface ShopProductCardProps {
  product: ShopProduct;
  /** The whole list, in order: moving a product renumbers within it. */
  products: ShopProduct[];
  files: Map<string, VariantFile>;
  /** Just created: its title takes the focus. */
  focused?: boolean;
}

export function ShopProductCard({ product, products, files, focused = false }: ShopProductCardProps) {
  const titleId = `product-${product.id}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const move = useMoveProduct();
  const setStatus = useSetProductStatus();
  const index = products.findIndex((candidate) => candidate.id === product.id);
  const published = product.status === 'published';

  useEffect(() => {
    if (focused) heading.current?.focus();
  }, [focused]);

  const toggleStatus = () =>
    runCatalogueWrite(
      () => setStatus.mutateAsync({ productId: product.id, status: published ? 'draft' : 'published' }),
      published ? `« ${product.title} » n’est plus en vente : il repasse en brouillon.` : `« ${product.title} » est publié.`,
      'Changing the product status failed',
    );
  // The card moves in the list: React may move its node, which takes the focus away; give it back.
  const moveBy = async (step: -1 | 1, button: HTMLButtonElement) => {
    await runCatalogueWrite(() => move.mutateAsync({ products, productId: product.id, step }), `« ${product.title} » a changé de place.`, 'Moving the product failed');
    const to = index + step;
    // At either end its button is disabled: the product's title takes the focus instead.
    if (to <= 0 || to >= products.length - 1) heading.current?.focus();
    else button.focus();
  };

  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-plum-900">
            {product.title}
          </h2>
          {product.subtitle ? <p className="text-sm text-mist">{product.subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
          {product.ribbon_text ? <span className="rounded-full bg-gold-100 px-3 py-1 text-plum-900">{product.ribbon_text}</span> : null}
          <span className={published ? 'rounded-full bg-emerald-100 px-3 py-1 text-emerald-900' : 'rounded-full bg-plum-100 px-3 py-1 text-plum-900'}>
            {statusLabels[product.status]}
          </span>
        </div>
      </header>
      <div className="flex flex-wrap gap-2">
        <Button variant={published ? 'outline' : 'primary'} size="sm" onClick={toggleStatus} disabled={setStatus.isPending}>
          {published ? 'Dépublier' : 'Publier'}
        </Button>
        <Button variant="ghost" size="sm" onClick={(event) => moveBy(-1, event.currentTarget)} disabled={index <= 0 || move.isPending} aria-label={`Monter « ${product.title} »`}>
          <ArrowUp aria-hidden="true" className="h-4 w-4" /> Monter
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={(event) => moveBy(1, event.currentTarget)}
          disabled={index === products.length - 1 || move.isPending}
          aria-label={`Descendre « ${product.title} »`}
        >
          <ArrowDown aria-hidden="true" className="h-4 w-4" /> Descendre
        </Button>
        <Link
          href={`/admin/products/${encodeURIComponent(product.id)}/history`}
          aria-label={`Historique de « ${product.title} »`}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          <History aria-hidden="true" className="h-4 w-4" /> Historique
        </Link>
        <ShopProductRemoval product={product} />
      </div>
      <EditDisclosure summary="Modifier les textes">{(saved) => <ProductTextsForm product={product} onSaved={saved} />}</EditDisclosure>
      <EditDisclosure summary="Modifier la description">{(saved) => <ProductDescriptionForm product={product} onSaved={saved} />}</EditDisclosure>
      <ShopProductSettingsPanel product={product} />
      <ShopImagesPanel productId={product.id} title={product.title} />
      <ul className="divide-y divide-plum-100">
        {product.variants.map((variant) => {
          const label = variantLabel(product, variant);
          return (
            <li key={variant.id}>
              <section aria-label={`Variante ${label}`} className="grid gap-4 py-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
                <div className="space-y-3">
                  <VariantFacts name={variant.title} variant={{ ...variant, currency: product.currency }} />
                  <EditDisclosure summary="Modifier le prix et le stock">
                    {(saved) => <VariantPricingForm variant={variant} label={label} onSaved={saved} />}
                  </EditDisclosure>
                  <VariantDetailsPanel variant={variant} label={label} />
                </div>
                <VariantFilePanel
                  variantId={variant.id}
                  label={label}
                  status={variantFileStatus({ purchasable: product.purchasable, type: { value: product.type } }, files.get(variant.id))}
                />
              </section>
            </li>
          );
        })}
      </ul>
      <ShopVariantsPanel product={product} />
      <ShopOptionsPanel product={product} />
    </article>
  );
}
