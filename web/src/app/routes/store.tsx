import { useAddToCart } from '@/app/hooks/use-add-to-cart';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { publicPages } from '@/app/public-pages';

export default function StoreRoute() {
  useDocumentMeta(publicPages.store);
  const addToCart = useAddToCart('Erreur');
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <header className="mx-auto mb-12 max-w-2xl text-center">
        <h1 className="text-5xl font-semibold text-plum-900">Boutique</h1>
        <p className="mt-4 text-lg text-mist">Enseignements, méditations et rituels numériques, à recevoir et à vivre à votre rythme.</p>
      </header>
      <h2 className="sr-only">Tous nos produits</h2>
      <ProductGrid onAdd={addToCart} />
    </div>
  );
}
