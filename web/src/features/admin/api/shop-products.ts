// The products page's server state on the shop's own catalogue: the list, and each write, which
// reads the list afresh once done (what the database kept, not what was sent).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import {
  createShopProduct,
  listShopProducts,
  moveProduct,
  setProductStatus,
  updateProductDescription,
  updateProductTexts,
  updateVariantPricing,
  type NewProduct,
  type ProductStatus,
  type ShopProduct,
} from '@/features/admin/api/shop-catalogue-queries';
import type { ProductTexts, VariantPricing } from '@/features/admin/schemas/shop-product-schema';
import { supabase } from '@/lib/supabase';

export function useShopProducts() {
  return useQuery(queryOptions({ queryKey: adminKeys.shopProducts, queryFn: () => listShopProducts(supabase), staleTime: 0 }));
}

/** A write of the catalogue; the list, and every read nested under its key, are read afresh once done. */
export function useCatalogueWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.shopProducts }) });
}

export const useCreateShopProduct = () => useCatalogueWrite((product: NewProduct) => createShopProduct(supabase, product));
export const useSaveProductTexts = () =>
  useCatalogueWrite(({ productId, texts }: { productId: string; texts: ProductTexts }) => updateProductTexts(supabase, productId, texts));
export const useSaveProductDescription = () =>
  useCatalogueWrite(({ productId, description }: { productId: string; description: string | null }) =>
    updateProductDescription(supabase, productId, description),
  );
export const useSaveVariantPricing = () =>
  useCatalogueWrite(({ variantId, pricing }: { variantId: string; pricing: VariantPricing }) => updateVariantPricing(supabase, variantId, pricing));
export const useSetProductStatus = () =>
  useCatalogueWrite(({ productId, status }: { productId: string; status: ProductStatus }) => setProductStatus(supabase, productId, status));
export const useMoveProduct = () =>
  useCatalogueWrite(({ products, productId, step }: { products: ShopProduct[]; productId: string; step: -1 | 1 }) =>
    moveProduct(supabase, products, productId, step),
  );
