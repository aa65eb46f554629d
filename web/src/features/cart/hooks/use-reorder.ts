// 'Recommander' on an order: today's catalogue entries of its products (fresh prices and stock),
// its lines added through the cart's own stock check (reorder-lines.ts), a toast naming what could
// not be added, and the store with the cart panel open on what was.
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { getProducts } from '@/features/catalogue/api/get-products';
import { useCart } from '@/features/cart/hooks/use-cart';
import { reorderLines, type OrderedLine, type ReorderOutcome } from '@/features/cart/lib/reorder-lines';
import { toast } from '@/lib/toast-store';

/** The state that asks the public layout to open the cart panel on arrival. */
export const openCartState = { openCart: true } as const;

function announce({ added, unavailable }: ReorderOutcome): void {
  if (unavailable.length === 0) {
    toast({ title: 'Ajouté au panier ! 🛒', description: 'Les articles de votre commande sont dans votre panier, aux prix du jour.' });
  } else if (added > 0) {
    toast({
      variant: 'destructive',
      title: 'Certains articles ne sont plus disponibles',
      description: `Non ajouté(s) : ${unavailable.join(', ')}. Les autres articles sont dans votre panier, aux prix du jour.`,
    });
  } else {
    toast({ variant: 'destructive', title: 'Articles indisponibles', description: `Plus disponible(s) : ${unavailable.join(', ')}.` });
  }
}

export function useReorder() {
  const { addItem } = useCart();
  const [, navigate] = useLocation();
  return useMutation<ReorderOutcome, Error, OrderedLine[]>({
    mutationFn: async (lines) => {
      const ids = [...new Set(lines.flatMap((line) => (line.product_id ? [line.product_id] : [])))];
      const products = ids.length > 0 ? (await getProducts({ ids, limit: String(ids.length) })).products : [];
      return reorderLines(lines, products, addItem);
    },
    onSuccess: (outcome) => {
      announce(outcome);
      if (outcome.added > 0) navigate('/store', { state: openCartState });
    },
    onError: (error) => {
      console.error('Re-ordering failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de recommander cette commande. Veuillez réessayer.' });
    },
  });
}
