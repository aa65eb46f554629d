// /admin/products on the commerce service's catalogue (the build's default; the shop's own
// catalogue has shop-products-page.tsx): the catalogue as the service returns it, and the file each variant
// delivers. Prices and stock belong to the commerce service (a link leads to its own admin);
// files are the shop's, and the database decides every read and write of them.
import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { MissingFilesWarning } from '@/features/admin/components/missing-files-warning';
import { ProductFilesCard } from '@/features/admin/components/product-files-card';
import { ProductsLoadState } from '@/features/admin/components/products-load-state';
import { useAdminCatalogue, type CataloguePageReader } from '@/features/admin/api/get-admin-catalogue';
import { useVariantFiles } from '@/features/admin/api/get-variant-files';
import { commerceAdminUrl } from '@/features/admin/lib/commerce-admin-url';
import { missingFileCount } from '@/features/admin/lib/variant-file-status';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function ProductsPage({ readCataloguePage }: { readCataloguePage: CataloguePageReader }) {
  useDocumentMeta({ title: 'Produits' });
  const catalogue = useAdminCatalogue(readCataloguePage);
  const files = useVariantFiles();

  useEffect(() => {
    if (files.isError) console.error('Loading the variant files failed:', files.error);
  }, [files.isError, files.error]);

  const products = catalogue.data ?? [];
  const missing = files.data ? missingFileCount(products, files.data) : 0;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-4xl font-semibold text-plum-900">Produits</h1>
        <p className="text-mist">
          Le catalogue tel que le service de commerce le fournit, et le fichier que chaque variante livre à ses acheteurs. Les prix et le stock se
          modifient dans le service de commerce.
        </p>
        <a
          href={commerceAdminUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 text-sm font-medium text-plum-700 underline-offset-4 hover:underline"
        >
          Gérer les prix et le stock dans le service de commerce
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">(nouvel onglet)</span>
        </a>
      </header>

      <MissingFilesWarning count={missing} />
      <ProductsLoadState
        catalogueError={catalogue.isError ? `Erreur lors du chargement des produits: ${catalogue.error.message}` : null}
        filesError={files.isError}
        pending={catalogue.isPending || files.isPending}
        emptyText={products.length === 0 ? 'Aucun produit disponible pour le moment.' : null}
      >
        {files.data ? products.map((product) => <ProductFilesCard key={product.id} product={product} files={files.data} />) : null}
      </ProductsLoadState>
    </div>
  );
}
