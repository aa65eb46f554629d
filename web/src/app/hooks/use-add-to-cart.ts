// Joins the catalogue (what to add) and the cart (where it goes), with the toasts of spec §8.
import { useCallback } from 'react';
import { useCart } from '@/features/cart/hooks/use-cart';
import type { Product, Variant } from '@/lib/commerce-types';
import { toast } from '@/lib/toast-store';

export function useAddToCart(failureTitle: 'Erreur' | 'Oups ! Une erreur est survenue.') {
  const { addItem } = useCart();
  return useCallback(
    (product: Product, variant: Variant, quantity = 1) => {
      try {
        addItem(product, variant, quantity, variant.inventory_quantity);
        toast({ title: 'Ajouté au panier ! 🛒', description: `${product.title} a été ajouté à votre panier.` });
      } catch (error) {
        toast({ variant: 'destructive', title: failureTitle, description: (error as Error).message });
      }
    },
    [addItem, failureTitle],
  );
}
