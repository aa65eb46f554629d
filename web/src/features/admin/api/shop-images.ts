// The images panel's server state on the shop's own catalogue: every product's images, and each
// write, which reads them afresh once done (what the database kept, not what was sent).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { addShopImage, listShopImages, moveShopImage, removeShopImage, setImageAltText, type ShopImage } from '@/features/admin/api/shop-image-queries';
import type { ResizedImage } from '@/lib/product-image-sizes';
import { supabase } from '@/lib/supabase';

export function useShopImages() {
  return useQuery(queryOptions({ queryKey: adminKeys.shopImages, queryFn: () => listShopImages(supabase), staleTime: 0 }));
}

function useImageWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.shopImages }) });
}

export const useAddShopImage = () =>
  useImageWrite(({ productId, image, position }: { productId: string; image: ResizedImage; position: number }) => addShopImage(supabase, productId, image, position));
export const useSetImageAltText = () => useImageWrite(({ imageId, altText }: { imageId: string; altText: string }) => setImageAltText(supabase, imageId, altText));
export const useMoveShopImage = () =>
  useImageWrite(({ images, imageId, step }: { images: ShopImage[]; imageId: string; step: -1 | 1 }) => moveShopImage(supabase, images, imageId, step));
export const useRemoveShopImage = () => useImageWrite((image: ShopImage) => removeShopImage(supabase, image));
