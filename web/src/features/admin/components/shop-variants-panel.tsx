// A product's variants beyond their prices on the products page (shop's own catalogue): each
// variant's name and reference and its removal, a new variant with its value for each option, and
// the retired variants, which may be put back. Before removing a variant the page asks whether it
// was sold and says what will happen: an unsold one is deleted; a sold one cannot be (the database
// refuses, 23503) and is retired, kept for the orders, invoices and library that name it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import type { ShopProduct, ShopVariant } from '@/features/admin/api/shop-catalogue-queries';
import type { ShopOption } from '@/features/admin/api/shop-option-queries';
import { VariantSoldError } from '@/features/admin/api/shop-variant-queries';
import {
  checkVariantSold,
  useAddVariant,
  useDeleteVariant,
  useProductOptions,
  useRetiredVariants,
  useSaveVariantDetails,
  useSetVariantRetired,
} from '@/features/admin/api/shop-variants';
import { EditDisclosure, runCatalogueWrite, sayWriteFailed, useEditForm } from '@/features/admin/components/shop-edit-form';
import { FormFooter, VariantPricingFields } from '@/features/admin/components/shop-product-fields';
import { toVariantPricingUpdate } from '@/features/admin/schemas/shop-product-schema';
import {
  emptyNewVariant,
  newVariantSchema,
  toVariantDetails,
  toVariantDetailsValues,
  variantDetailsSchema,
  type NewVariantValues,
  type VariantDetailsValues,
} from '@/features/admin/schemas/shop-variant-schema';
import { toast } from '@/lib/toast-store';

function VariantDetailsForm({ variant, label, onSaved }: { variant: ShopVariant; label: string; onSaved: () => void }) {
  const save = useSaveVariantDetails();
  const { form, failure, onSubmit } = useEditForm<VariantDetailsValues>(
    zodResolver(variantDetailsSchema),
    toVariantDetailsValues(variant),
    (values) => save.mutateAsync({ variantId: variant.id, details: toVariantDetails(values) }),
    'Variante enregistrée.',
    onSaved,
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Nom et référence de ${label}`}>
      <InputField label="Nom de la variante *" maxLength={500} error={errors.title?.message} {...form.register('title')} />
      <InputField label="Référence (SKU)" maxLength={100} autoComplete="off" error={errors.sku?.message} {...form.register('sku')} />
      <FormFooter failure={failure} submitting={form.formState.isSubmitting} submit="Enregistrer la variante" />
    </form>
  );
}

type Removal = { step: 'idle' } | { step: 'checking' } | { step: 'confirm'; sold: boolean; soldMeanwhile?: boolean };

/** « Retirer ou supprimer… »: what will happen is said, then done on a second click. */
function VariantRemoval({ variant, label }: { variant: ShopVariant; label: string }) {
  const [removal, setRemoval] = useState<Removal>({ step: 'idle' });
  const openerId = useId();
  const box = useRef<HTMLDivElement>(null);
  const remove = useDeleteVariant();
  const retire = useSetVariantRetired();

  const open = async () => {
    setRemoval({ step: 'checking' });
    try {
      setRemoval({ step: 'confirm', sold: await checkVariantSold(variant.id) });
    } catch (error) {
      setRemoval({ step: 'idle' });
      sayWriteFailed(error, 'Checking whether the variant was sold failed');
    }
  };
  const cancel = () => {
    setRemoval({ step: 'idle' });
    // The button comes back on the next render; focus it then.
    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
  };
  const confirm = async (sold: boolean) => {
    // Once done the variant leaves the card, and this box with it: the product's title takes the focus.
    const productTitle = box.current?.closest('article')?.querySelector<HTMLElement>('h2[tabindex]');
    try {
      if (sold) await retire.mutateAsync({ variantId: variant.id, retired: true });
      else await remove.mutateAsync(variant.id);
      productTitle?.focus();
      toast({ title: sold ? `La variante ${label} est retirée de la boutique.` : `La variante ${label} est supprimée.` });
    } catch (error) {
      // Sold since the question was asked: say so, and offer to retire it.
      if (error instanceof VariantSoldError) setRemoval({ step: 'confirm', sold: true, soldMeanwhile: true });
      else sayWriteFailed(error, sold ? 'Retiring the variant failed' : 'Deleting the variant failed');
    }
  };

  if (removal.step !== 'confirm') {
    return (
      <Button id={openerId} variant="ghost" size="sm" onClick={open} disabled={removal.step === 'checking'} aria-busy={removal.step === 'checking'}>
        Retirer ou supprimer…
      </Button>
    );
  }
  const busy = remove.isPending || retire.isPending;
  return (
    <div ref={box} role="group" aria-label={`Retirer ou supprimer ${label}`} className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-ink">
      {removal.sold ? (
        <p>
          {removal.soldMeanwhile ? 'Cette variante vient d’être vendue' : 'Cette variante a déjà été vendue'} : elle ne peut pas être supprimée. Retirée,
          elle disparaît de la boutique ; les commandes passées, les factures et la bibliothèque de ses acheteurs la gardent. Vous pourrez la
          remettre en vente.
        </p>
      ) : (
        <p>Cette variante n’a jamais été vendue : elle sera supprimée définitivement, avec ses valeurs d’options.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" autoFocus onClick={() => confirm(removal.sold)} disabled={busy} aria-busy={busy}>
          {removal.sold ? 'Retirer la variante' : 'Supprimer la variante'}
        </Button>
        <Button variant="outline" size="sm" onClick={cancel} disabled={busy}>
          Annuler
        </Button>
      </div>
    </div>
  );
}

/** Beside a variant's price: its name and reference, and its removal. */
export function VariantDetailsPanel({ variant, label }: { variant: ShopVariant; label: string }) {
  return (
    <>
      <EditDisclosure summary="Modifier le nom et la référence">{(saved) => <VariantDetailsForm variant={variant} label={label} onSaved={saved} />}</EditDisclosure>
      <VariantRemoval variant={variant} label={label} />
    </>
  );
}

function NewVariantForm({ product, options, onSaved }: { product: ShopProduct; options: ShopOption[]; onSaved: () => void }) {
  const add = useAddVariant();
  const last = product.variants.at(-1);
  const { form, failure, onSubmit } = useEditForm<NewVariantValues>(
    zodResolver(newVariantSchema),
    emptyNewVariant(options.length),
    async (values) => {
      await add.mutateAsync({
        productId: product.id,
        details: toVariantDetails(values),
        pricing: toVariantPricingUpdate(values),
        position: last ? last.position + 1 : 0,
        optionValues: options.map((option, index) => ({ optionId: option.id, value: values.optionValues[index]!.trim() })),
      });
      form.reset(emptyNewVariant(options.length));
    },
    'Variante ajoutée.',
    onSaved,
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Nouvelle variante de « ${product.title} »`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Nom de la variante *" placeholder="PDF, Audio, Édition dédicacée…" maxLength={500} error={errors.title?.message} {...form.register('title')} />
        <InputField label="Référence (SKU)" maxLength={100} autoComplete="off" error={errors.sku?.message} {...form.register('sku')} />
      </div>
      {options.map((option, index) => (
        <InputField
          key={option.id}
          label={`${option.title} *`}
          maxLength={200}
          error={errors.optionValues?.[index]?.message}
          {...form.register(`optionValues.${index}`)}
        />
      ))}
      <VariantPricingFields form={form} />
      <FormFooter failure={failure} submitting={form.formState.isSubmitting} submit="Ajouter la variante" />
    </form>
  );
}

function RetiredVariants({ product }: { product: ShopProduct }) {
  const retired = useRetiredVariants(product.id);
  const putBack = useSetVariantRetired();
  if (!retired.data?.length) return null;
  return (
    <section aria-label="Variantes retirées" className="space-y-2 rounded-2xl bg-plum-50 p-4 text-sm">
      <h3 className="font-semibold text-plum-900">Variantes retirées</h3>
      <p className="text-mist">Elles ne sont plus en vente ; leurs acheteurs les gardent dans leur bibliothèque.</p>
      <ul className="space-y-2">
        {retired.data.map((variant) => (
          <li key={variant.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {variant.title}
              {variant.sku ? <span className="text-mist"> · {variant.sku}</span> : null}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={putBack.isPending}
              aria-label={`Remettre en vente ${product.title} (${variant.title})`}
              onClick={() =>
                runCatalogueWrite(
                  () => putBack.mutateAsync({ variantId: variant.id, retired: false }),
                  `La variante ${product.title} (${variant.title}) est de nouveau en vente.`,
                  'Putting the variant back failed',
                )
              }
            >
              Remettre en vente
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Below a product's variants: a new one, and the retired ones. */
export function ShopVariantsPanel({ product }: { product: ShopProduct }) {
  const options = useProductOptions(product.id);
  return (
    <div className="space-y-3">
      {options.data ? (
        <EditDisclosure summary="Ajouter une variante">{(saved) => <NewVariantForm product={product} options={options.data} onSaved={saved} />}</EditDisclosure>
      ) : null}
      <RetiredVariants product={product} />
    </div>
  );
}
