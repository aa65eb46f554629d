import { useProducts, type ProductListParams } from '@/features/catalogue/api/get-products';
import { ProductCard, type ProductCardProps } from '@/features/catalogue/components/product-card';
import { Skeleton } from '@/components/ui/skeleton';

interface ProductGridProps {
  params?: ProductListParams;
  onAdd: ProductCardProps['onAdd'];
  /** How many placeholder cards to show while loading. */
  placeholders?: number;
}

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function ProductGrid({ params, onAdd, placeholders = 8 }: ProductGridProps) {
  const { data, error, isPending } = useProducts(params);

  if (isPending) {
    return (
      <div role="status" aria-label="Chargement des produits" className={gridClass}>
        {Array.from({ length: placeholders }, (_, index) => (
          <div key={index} className="overflow-hidden rounded-3xl border border-plum-100 bg-white">
            <Skeleton className="aspect-square rounded-none" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-6 w-3/4 rounded-md" />
              <Skeleton className="h-4 w-full rounded-md" />
              <Skeleton className="h-9 w-1/2 rounded-md" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (error) {
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
        Erreur lors du chargement des produits: {error.message}
      </p>
    );
  }

  if (data.products.length === 0) {
    return <p className="rounded-2xl bg-sand p-10 text-center text-mist">Aucun produit disponible pour le moment.</p>;
  }

  return (
    <ul className={gridClass}>
      {data.products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} onAdd={onAdd} eager={index < 4} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
