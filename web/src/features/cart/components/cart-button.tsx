import { ShoppingCart } from 'lucide-react';
import { useCart } from '@/features/cart/hooks/use-cart';

interface CartButtonProps {
  onOpen: () => void;
  /** Lets the layout start loading the panel before the click lands. */
  onIntent?: () => void;
}

export function CartButton({ onOpen, onIntent }: CartButtonProps) {
  const { itemCount } = useCart();
  return (
    <button
      type="button"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      aria-label={`Panier, ${itemCount} article${itemCount > 1 ? 's' : ''}`}
      className="relative rounded-full p-2.5 text-plum-900 hover:bg-plum-50"
    >
      <ShoppingCart aria-hidden="true" className="h-6 w-6" />
      {itemCount > 0 ? (
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-xs font-bold text-plum-900">
          {itemCount}
        </span>
      ) : null}
    </button>
  );
}
