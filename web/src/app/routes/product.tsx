import { useParams } from 'wouter';
import { useAddToCart } from '@/app/hooks/use-add-to-cart';
import { ProductView } from '@/features/catalogue/components/product-view';

export default function ProductRoute() {
  const { id = '' } = useParams();
  const addToCart = useAddToCart('Oups ! Une erreur est survenue.');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <ProductView productId={id} onAdd={addToCart} />
    </div>
  );
}
