// A product's options on the products page (shop's own catalogue): « Format », and the value each
// variant on sale takes for it. The storefront names its variant picker after the first option.
// A new option's values start from the variants' names, which is most often what they are.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import type { ShopOption } from '@/features/admin/api/shop-option-queries';
import { useDeleteProductOption, useProductOptions, useSaveProductOption } from '@/features/admin/api/shop-variants';
import { EditDisclosure, runCatalogueWrite, useEditForm } from '@/features/admin/components/shop-edit-form';
import { FormFooter } from '@/features/admin/components/shop-product-fields';
import { productOptionSchema, type ProductOptionValues } from '@/features/admin/schemas/shop-variant-schema';

interface OptionFormProps {
  product: ShopProduct;
  /** Null: a new option, placed at `position`. */
  option: ShopOption | null;
  position: number;
  onSaved: () => void;
}

function OptionForm({ product, option, position, onSaved }: OptionFormProps) {
  const save = useSaveProductOption();
  const held = (variantId: string) => option?.values.find((value) => value.variant_id === variantId)?.value;
  const { form, failure, onSubmit } = useEditForm<ProductOptionValues>(
    zodResolver(productOptionSchema),
    { title: option?.title ?? '', values: product.variants.map((variant) => held(variant.id) ?? (option ? '' : variant.title)) },
    (values) =>
      save.mutateAsync({
        productId: product.id,
        option,
        position,
        title: values.title.trim(),
        values: product.variants.map((variant, index) => ({ variantId: variant.id, value: values.values[index]!.trim() })),
      }),
    option ? 'Option enregistrée.' : 'Option ajoutée.',
    onSaved,
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={option ? `Option « ${option.title} »` : `Nouvelle option de « ${product.title} »`}>
      <InputField label="Nom de l’option *" placeholder="Format, Durée, Édition…" maxLength={200} error={errors.title?.message} {...form.register('title')} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-plum-900">Valeur de chaque variante</legend>
        {product.variants.map((variant, index) => (
          <InputField key={variant.id} label={`${variant.title} *`} maxLength={200} error={errors.values?.[index]?.message} {...form.register(`values.${index}`)} />
        ))}
      </fieldset>
      <FormFooter failure={failure} submitting={form.formState.isSubmitting} submit={option ? 'Enregistrer l’option' : 'Ajouter l’option'} />
    </form>
  );
}

/** A product's options, each editable and removable, and a new one. */
export function ShopOptionsPanel({ product }: { product: ShopProduct }) {
  const options = useProductOptions(product.id);
  const remove = useDeleteProductOption();
  if (!options.data) return null;
  const last = options.data.at(-1);
  return (
    <section aria-label={`Options de « ${product.title} »`} className="space-y-3">
      <h3 className="text-sm font-semibold text-plum-900">Options</h3>
      {options.data.length === 0 ? (
        <p className="text-sm text-mist">Aucune option : la fiche propose les variantes par leur nom, sous le titre « Style ».</p>
      ) : null}
      {options.data.map((option) => (
        <div key={option.id} className="space-y-2">
          <EditDisclosure summary={`Option « ${option.title} »`}>
            {(saved) => <OptionForm product={product} option={option} position={option.position} onSaved={saved} />}
          </EditDisclosure>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            aria-label={`Supprimer l’option « ${option.title} »`}
            onClick={() => runCatalogueWrite(() => remove.mutateAsync(option.id), `L’option « ${option.title} » est supprimée.`, 'Deleting the option failed')}
          >
            Supprimer l’option
          </Button>
        </div>
      ))}
      <EditDisclosure summary="Ajouter une option">
        {(saved) => <OptionForm product={product} option={null} position={last ? last.position + 1 : 0} onSaved={saved} />}
      </EditDisclosure>
    </section>
  );
}
