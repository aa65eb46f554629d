// Whether a product is for sale (`purchasable`), its type (spec §3) and the collections that hold
// it, on the products page (shop's own catalogue). Each choice is written as it is made; a
// collection that does not exist yet is created by its name, the product put in it.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import { useAddToNewCollection, useCollections, useProductCollections, useSaveProductSettings, useSetInCollection } from '@/features/admin/api/shop-product-settings';
import { runCatalogueWrite, sayWriteFailed } from '@/features/admin/components/shop-edit-form';
import { tooLong } from '@/features/admin/schemas/shop-product-schema';
import { toast } from '@/lib/toast-store';

/** The types the shop sells; an imported product's other type is offered as it is. */
const typeLabels: Record<string, string> = { digital: 'Numérique (fichier, vidéo, audio)', physical: 'Physique (expédié)' };

function SaleSettings({ product }: { product: ShopProduct }) {
  const save = useSaveProductSettings();
  const purchasableId = useId();
  const typeId = useId();
  const write = (settings: { purchasable: boolean; type: string }, done: string) =>
    runCatalogueWrite(() => save.mutateAsync({ productId: product.id, settings }), done, 'Saving the product settings failed');
  const types = Object.hasOwn(typeLabels, product.type) ? Object.keys(typeLabels) : [...Object.keys(typeLabels), product.type];
  return (
    <div className="space-y-3 text-sm">
      <div className="flex items-center gap-3">
        <input
          id={purchasableId}
          type="checkbox"
          className="h-4 w-4 accent-plum-700"
          checked={product.purchasable}
          disabled={save.isPending}
          onChange={(event) =>
            write(
              { purchasable: event.target.checked, type: product.type },
              event.target.checked ? `« ${product.title} » peut être ajouté au panier.` : `« ${product.title} » reste visible mais ne peut plus être acheté.`,
            )
          }
        />
        <label htmlFor={purchasableId}>En vente : les visiteurs peuvent l’ajouter au panier</label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={typeId} className="font-medium text-plum-900">
          Type
        </label>
        <select
          id={typeId}
          value={product.type}
          disabled={save.isPending}
          className="rounded-xl border border-plum-200 bg-white px-3 py-2"
          onChange={(event) => write({ purchasable: product.purchasable, type: event.target.value }, 'Type enregistré.')}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {Object.hasOwn(typeLabels, type) ? typeLabels[type] : type}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function NewCollectionForm({ productId }: { productId: string }) {
  const add = useAddToNewCollection();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    setError(!name ? 'Indiquez le nom de la collection.' : name.length > 200 ? tooLong(200) : undefined);
    if (!name || name.length > 200) return;
    try {
      await add.mutateAsync({ productId, title: name });
      toast({ title: `Collection « ${name} » créée.` });
      setTitle('');
    } catch (failure) {
      sayWriteFailed(failure, 'Creating the collection failed');
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Nouvelle collection" className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <InputField label="Nouvelle collection" placeholder="Méditations, Rituels…" maxLength={200} value={title} error={error} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={add.isPending} aria-busy={add.isPending} className="mb-2">
        Créer et ajouter
      </Button>
    </form>
  );
}

function Collections({ product }: { product: ShopProduct }) {
  const collections = useCollections();
  const held = useProductCollections(product.id);
  const set = useSetInCollection();
  if (!collections.data || !held.data) return null;
  const holds = new Set(held.data);
  return (
    <fieldset className="space-y-3 text-sm">
      <legend className="font-medium text-plum-900">Collections</legend>
      {collections.data.length === 0 ? <p className="text-mist">Aucune collection pour le moment.</p> : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {collections.data.map((collection) => (
          <label key={collection.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 accent-plum-700"
              checked={holds.has(collection.id)}
              disabled={set.isPending}
              onChange={(event) =>
                runCatalogueWrite(
                  () => set.mutateAsync({ productId: product.id, collectionId: collection.id, held: event.target.checked }),
                  event.target.checked ? `« ${product.title} » rejoint « ${collection.title} ».` : `« ${product.title} » quitte « ${collection.title} ».`,
                  'Changing the product’s collections failed',
                )
              }
            />
            {collection.title}
          </label>
        ))}
      </div>
      <NewCollectionForm productId={product.id} />
    </fieldset>
  );
}

/** A product's sale, type and collections, behind their summary. */
export function ShopProductSettingsPanel({ product }: { product: ShopProduct }) {
  return (
    <details className="rounded-2xl border border-plum-100 p-4">
      <summary className="cursor-pointer text-sm font-medium text-plum-700">Vente, type et collections</summary>
      <div className="mt-4 space-y-5">
        <SaleSettings product={product} />
        <Collections product={product} />
      </div>
    </details>
  );
}
