// /admin/products on the shop's own catalogue (VITE_CATALOGUE_SOURCE=shop): every product, drafts
// included, in the catalogue's order; a new product with its first variant; each product's texts,
// status and place, each variant's price, sale price and stock, and the file it delivers. The
// description is not edited here yet: a plain text field would flatten the HTML an import brings,
// and the rich-text editor with its sanitiser is the next step (docs/catalogue.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { History, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { useVariantFiles } from '@/features/admin/api/get-variant-files';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import { useCreateShopProduct, useShopProducts } from '@/features/admin/api/shop-products';
import { MissingFilesWarning } from '@/features/admin/components/missing-files-warning';
import { ProductsLoadState } from '@/features/admin/components/products-load-state';
import { ShopProductCard } from '@/features/admin/components/shop-product-card';
import { FormFooter, ProductTextsFields, VariantPricingFields, writeFailedMessage } from '@/features/admin/components/shop-product-fields';
import { missingFileCount } from '@/features/admin/lib/variant-file-status';
import {
  emptyNewProduct,
  newProductSchema,
  toProductTextsUpdate,
  toVariantPricingUpdate,
  type NewProductValues,
} from '@/features/admin/schemas/shop-product-schema';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toast } from '@/lib/toast-store';

function NewProductForm({ products, onCreated }: { products: ShopProduct[]; onCreated: (id: string) => void }) {
  const create = useCreateShopProduct();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewProductValues>({ resolver: zodResolver(newProductSchema), defaultValues: emptyNewProduct });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const last = products.at(-1);
    try {
      const id = await create.mutateAsync({
        texts: toProductTextsUpdate(values),
        variantTitle: values.variantTitle.trim(),
        pricing: toVariantPricingUpdate(values),
        position: last ? last.position + 1 : 0,
      });
      toast({ title: 'Produit créé en brouillon.', description: 'Publiez-le quand il est prêt à rejoindre la boutique.' });
      form.reset(emptyNewProduct);
      onCreated(id);
    } catch (error) {
      console.error('Creating the product failed:', error);
      setFailure(writeFailedMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Nouveau produit" className="space-y-4 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <ProductTextsFields form={form} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-plum-900">Première variante</legend>
        <InputField label="Nom de la variante *" placeholder="PDF, Audio, Édition dédicacée…" maxLength={500} error={form.formState.errors.variantTitle?.message} {...form.register('variantTitle')} />
        <VariantPricingFields form={form} />
      </fieldset>
      <FormFooter failure={failure} submitting={form.formState.isSubmitting} submit="Créer le produit" size="md" />
    </form>
  );
}

export default function ShopProductsPage() {
  useDocumentMeta({ title: 'Produits' });
  const products = useShopProducts();
  const files = useVariantFiles();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  useEffect(() => {
    if (files.isError) console.error('Loading the variant files failed:', files.error);
  }, [files.isError, files.error]);

  const list = products.data ?? [];
  const missing = files.data ? missingFileCount(list.map((p) => ({ ...p, type: { value: p.type } })), files.data) : 0;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-4xl font-semibold text-plum-900">Produits</h1>
        <p className="text-mist">
          Le catalogue de la boutique, brouillons compris, dans l’ordre de la vitrine : créez vos produits, fixez leurs prix et leur stock, publiez-les,
          et choisissez le fichier que chaque variante livre à ses acheteurs.
        </p>
      </header>
      <MissingFilesWarning count={missing} />
      <div className="flex flex-wrap items-center gap-4">
        <Button variant={creating ? 'outline' : 'primary'} aria-expanded={creating} onClick={() => setCreating(!creating)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Ajouter un produit
        </Button>
        <Link href="/admin/products/history" className="inline-flex items-center gap-2 text-sm font-medium text-plum-700 underline-offset-4 hover:underline">
          <History aria-hidden="true" className="h-4 w-4" /> Dernières modifications
        </Link>
      </div>
      {creating ? (
        <NewProductForm
          products={list}
          onCreated={(id) => {
            setCreating(false);
            setCreated(id);
          }}
        />
      ) : null}
      <ProductsLoadState
        catalogueError={products.isError ? 'Impossible de charger les produits. Rechargez la page pour réessayer.' : null}
        filesError={files.isError}
        pending={products.isPending || files.isPending}
        emptyText={list.length === 0 ? 'Aucun produit pour le moment : ajoutez le premier.' : null}
      >
        {files.data
          ? list.map((product) => <ShopProductCard key={product.id} product={product} products={list} files={files.data} focused={product.id === created} />)
          : null}
      </ProductsLoadState>
    </div>
  );
}
