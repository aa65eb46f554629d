// One product of the shop's own catalogue on the products page: its status and place, its texts,
// each variant's price, sale price and stock (shown as the storefront shows them), and the file
// each variant delivers. Every write goes through RLS as the administrator and is audited.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { ShopProduct, ShopVariant } from '@/features/admin/api/shop-catalogue-queries';
import { useMoveProduct, useSaveProductTexts, useSaveVariantPricing, useSetProductStatus } from '@/features/admin/api/shop-products';
import { ProductDescriptionForm } from '@/features/admin/components/product-description-form';
import { FormFooter, ProductTextsFields, VariantPricingFields, writeFailedMessage } from '@/features/admin/components/shop-product-fields';
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
import { toast } from '@/lib/toast-store';

const statusLabels = { draft: 'Brouillon', published: 'Publié' } as const;

/** A form behind its summary; once saved it closes, and focus returns to the summary. */
function EditDisclosure({ summary, children }: { summary: string; children: (saved: () => void) => ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const saved = () => {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  };
  return (
    <details ref={details} className="rounded-2xl border border-plum-100 p-4">
      <summary className="cursor-pointer text-sm font-medium text-plum-700">{summary}</summary>
      <div className="mt-4">{children(saved)}</div>
    </details>
  );
}

/**
 * An edit form kept in step with the list (what is typed stays while it is read again), saved
 * through `save`; a failure is said in the form, which keeps everything typed.
 */
function useEditForm<T extends FieldValues>(resolver: Resolver<T>, saved: T, save: (values: T) => Promise<unknown>, done: string, onSaved: () => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<T>({ resolver, values: saved, resetOptions: { keepDirtyValues: true } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      toast({ title: done });
      onSaved();
    } catch (error) {
      console.error('Saving the product failed:', error);
      setFailure(writeFailedMessage(error));
    }
  });
  return { form, failure, onSubmit };
}

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

  const run = async (write: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await write();
      toast({ title: done });
    } catch (error) {
      console.error(`${failed}:`, error);
      toast({ variant: 'destructive', title: 'Erreur', description: writeFailedMessage(error) });
    }
  };
  const toggleStatus = () =>
    run(
      () => setStatus.mutateAsync({ productId: product.id, status: published ? 'draft' : 'published' }),
      published ? `« ${product.title} » n’est plus en vente : il repasse en brouillon.` : `« ${product.title} » est publié.`,
      'Changing the product status failed',
    );
  // The card moves in the list: React may move its node, which takes the focus away; give it back.
  const moveBy = async (step: -1 | 1, button: HTMLButtonElement) => {
    await run(() => move.mutateAsync({ products, productId: product.id, step }), `« ${product.title} » a changé de place.`, 'Moving the product failed');
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
      </div>
      <EditDisclosure summary="Modifier les textes">{(saved) => <ProductTextsForm product={product} onSaved={saved} />}</EditDisclosure>
      <EditDisclosure summary="Modifier la description">{(saved) => <ProductDescriptionForm product={product} onSaved={saved} />}</EditDisclosure>
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
    </article>
  );
}
