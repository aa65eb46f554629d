// A product's description on the products page (shop's own catalogue): the rich-text editor, saved
// in the canonical form the database accepts. The editor holds the value (no input for
// react-hook-form to register); a refusal is said beside it, and everything typed stays.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import { useSaveProductDescription } from '@/features/admin/api/shop-products';
import { DescriptionEditor } from '@/features/admin/components/description-editor';
import { FormFooter, writeFailedMessage } from '@/features/admin/components/shop-product-fields';
import { descriptionMaxLength, sanitizeDescription } from '@/lib/description-html';
import { toast } from '@/lib/toast-store';

/** What a refused description says; the editor keeps what was typed. */
export function descriptionFailedMessage(error: unknown): string {
  // 23514: the database's allow-list refused it (a sanitiser older than the database's rule).
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23514') {
    return 'Cette mise en forme n’est pas acceptée : titres, paragraphes, listes, gras, italique et liens https:// ou mailto: seulement. Vos saisies sont conservées.';
  }
  return writeFailedMessage(error);
}

export function ProductDescriptionForm({ product, onSaved }: { product: ShopProduct; onSaved: () => void }) {
  const labelId = useId();
  const errorId = useId();
  const save = useSaveProductDescription();
  const draft = useRef(product.description ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const description = sanitizeDescription(draft.current);
    if (description && description.length > descriptionMaxLength) {
      setFailure(`Cette description est trop longue (${descriptionMaxLength.toLocaleString('fr-FR')} caractères au plus, mise en forme comprise).`);
      return;
    }
    setFailure(null);
    try {
      await save.mutateAsync({ productId: product.id, description });
      toast({ title: 'Description enregistrée.' });
      onSaved();
    } catch (error) {
      console.error('Saving the description failed:', error);
      setFailure(descriptionFailedMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Description de « ${product.title} »`}>
      <div className="space-y-1.5">
        <p id={labelId} className="block text-sm font-medium text-plum-900">
          Description
        </p>
        <DescriptionEditor
          initialHtml={product.description}
          labelId={labelId}
          describedBy={failure ? errorId : undefined}
          invalid={failure !== null}
          onChange={(html) => {
            draft.current = html;
          }}
        />
        {failure ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </div>
      <FormFooter failure={null} submitting={save.isPending} submit="Enregistrer la description" />
    </form>
  );
}
