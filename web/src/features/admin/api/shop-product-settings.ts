// A product's sale settings, collections and removal on the products page (shop's own catalogue):
// their reads, and each write, after which the list and these reads are read afresh.
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import {
  addToCollection,
  createCollection,
  deleteProduct,
  listCollections,
  listProductCollections,
  removeFromCollection,
  updateProductSettings,
  type ProductSettings,
} from '@/features/admin/api/shop-product-settings-queries';
import { useCatalogueWrite } from '@/features/admin/api/shop-products';
import { supabase } from '@/lib/supabase';

export const useCollections = () => useQuery({ queryKey: adminKeys.shopCollections, queryFn: () => listCollections(supabase), staleTime: 0 });
export const useProductCollections = (productId: string) =>
  useQuery({ queryKey: adminKeys.shopProductCollections(productId), queryFn: () => listProductCollections(supabase, productId), staleTime: 0 });

export const useSaveProductSettings = () =>
  useCatalogueWrite(({ productId, settings }: { productId: string; settings: ProductSettings }) => updateProductSettings(supabase, productId, settings));
export const useDeleteProduct = () => useCatalogueWrite((productId: string) => deleteProduct(supabase, productId));
export const useSetInCollection = () =>
  useCatalogueWrite(({ productId, collectionId, held }: { productId: string; collectionId: string; held: boolean }) =>
    held ? addToCollection(supabase, productId, collectionId) : removeFromCollection(supabase, productId, collectionId),
  );
/** A collection created by name, the product put in it. */
export const useAddToNewCollection = () =>
  useCatalogueWrite(async ({ productId, title }: { productId: string; title: string }) => addToCollection(supabase, productId, await createCollection(supabase, title)));
