// Deleting a product on the products page (shop's own catalogue): soft deletion (`deleted_at`), so
// the variants it sold stay for the orders, invoices and library that name them. The page says so
// before it is done; the product then leaves the shop and this list.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import { useDeleteProduct } from '@/features/admin/api/shop-product-settings';
import { runCatalogueWrite } from '@/features/admin/components/shop-edit-form';

export function ShopProductRemoval({ product }: { product: ShopProduct }) {
  const remove = useDeleteProduct();
  const [confirming, setConfirming] = useState(false);
  const openerId = useId();
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
  };
  if (!confirming) {
    return (
      <Button id={openerId} variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        Supprimer le produit…
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Supprimer « ${product.title} »`} className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-ink">
      <p>
        « {product.title} » disparaîtra de la boutique et de cette liste. Les commandes passées, les factures et la bibliothèque de ses acheteurs le
        gardent.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          size="sm"
          autoFocus
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          onClick={() => runCatalogueWrite(() => remove.mutateAsync(product.id), `« ${product.title} » est supprimé de la boutique.`, 'Deleting the product failed')}
        >
          Supprimer le produit
        </Button>
        <Button variant="outline" size="sm" onClick={cancel} disabled={remove.isPending}>
          Annuler
        </Button>
      </div>
    </div>
  );
}
