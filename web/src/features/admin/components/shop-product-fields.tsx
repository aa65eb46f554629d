// The fields the products page's forms share on the shop's own catalogue: a product's texts, and
// a variant's price, sale price and stock, each with its French message beside it.
import { useId } from 'react';
import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { NothingChangedError } from '@/features/admin/api/shop-catalogue-queries';
import type { ProductTextsValues, VariantPricingValues } from '@/features/admin/schemas/shop-product-schema';

/** What a failed write says; the form keeps everything typed. */
export function writeFailedMessage(error: unknown): string {
  if (error instanceof NothingChangedError) return 'Ce produit n’existe plus, ou votre session n’est plus celle d’un administrateur. Rechargez la page.';
  return 'Impossible d’enregistrer pour le moment. Vos saisies sont conservées : réessayez.';
}

export function ProductTextsFields<T extends ProductTextsValues>({ form }: { form: UseFormReturn<T> }) {
  const errors = form.formState.errors as FieldErrors<ProductTextsValues>;
  const field = (name: keyof ProductTextsValues) => form.register(name as Path<T>);
  return (
    <>
      <InputField label="Titre *" maxLength={500} error={errors.title?.message} {...field('title')} />
      <InputField label="Sous-titre" maxLength={500} error={errors.subtitle?.message} {...field('subtitle')} />
      <InputField label="Bandeau (ex. Nouveau)" maxLength={100} error={errors.ribbonText?.message} {...field('ribbonText')} />
    </>
  );
}

export function VariantPricingFields<T extends VariantPricingValues>({ form }: { form: UseFormReturn<T> }) {
  const errors = form.formState.errors as FieldErrors<VariantPricingValues>;
  const field = (name: keyof VariantPricingValues) => form.register(name as Path<T>);
  const managed = form.watch('manageInventory' as Path<T>) as boolean;
  const manageId = useId();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Prix (€) *" inputMode="decimal" placeholder="14,90" autoComplete="off" error={errors.price?.message} {...field('price')} />
        <InputField label="Prix soldé (€)" inputMode="decimal" placeholder="Aucun" autoComplete="off" error={errors.salePrice?.message} {...field('salePrice')} />
      </div>
      <div className="flex items-center gap-3 text-sm text-ink">
        <input id={manageId} type="checkbox" className="h-4 w-4 accent-plum-700" {...field('manageInventory')} />
        <label htmlFor={manageId}>Suivre le stock (sinon, stock illimité)</label>
      </div>
      {managed ? <InputField label="Quantité en stock *" inputMode="numeric" autoComplete="off" error={errors.quantity?.message} {...field('quantity')} /> : null}
    </>
  );
}

/** A form's end: what a failed write said, and its submit button, busy while it saves. */
export function FormFooter({ failure, submitting, submit, size = 'sm' }: { failure: string | null; submitting: boolean; submit: string; size?: 'sm' | 'md' }) {
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <Button type="submit" size={size} disabled={submitting} aria-busy={submitting}>
        {submit}
      </Button>
    </>
  );
}
