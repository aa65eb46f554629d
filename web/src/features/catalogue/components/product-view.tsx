import { Link } from 'wouter';
import { useProduct } from '@/features/catalogue/api/get-product';
import { ProductDetails, type ProductDetailsProps } from '@/features/catalogue/components/product-details';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function ProductView({ productId, onAdd }: { productId: string; onAdd: ProductDetailsProps['onAdd'] }) {
  const { data: product, isPending, isError } = useProduct(productId);

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Chargement du produit…" />
      </div>
    );
  }

  if (isError) {
    return (
      <div className="mx-auto max-w-lg space-y-6 py-16 text-center">
        <h1 className="text-4xl font-semibold text-plum-900">Produit non trouvé</h1>
        <p className="text-mist">Cet article n'existe pas ou n'est plus proposé.</p>
        <Link to="/store" className={buttonVariants()}>
          Retour à la boutique
        </Link>
      </div>
    );
  }

  // Keyed so the variant, quantity and gallery state start fresh for each product.
  return <ProductDetails key={product.id} product={product} onAdd={onAdd} />;
}
