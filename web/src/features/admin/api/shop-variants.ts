// A product's variants and options on the products page (shop's own catalogue): their reads, and
// each write, after which the list and these reads are read afresh (useCatalogueWrite).
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { deleteProductOption, listProductOptions, saveProductOption, type OptionToSave } from '@/features/admin/api/shop-option-queries';
import { useCatalogueWrite } from '@/features/admin/api/shop-products';
import {
  addVariant,
  deleteVariant,
  listRetiredVariants,
  setVariantRetired,
  updateVariantDetails,
  variantWasSold,
  type NewVariant,
} from '@/features/admin/api/shop-variant-queries';
import type { VariantDetails } from '@/features/admin/schemas/shop-variant-schema';
import { supabase } from '@/lib/supabase';

export const useProductOptions = (productId: string) =>
  useQuery({ queryKey: adminKeys.shopProductOptions(productId), queryFn: () => listProductOptions(supabase, productId), staleTime: 0 });
export const useRetiredVariants = (productId: string) =>
  useQuery({ queryKey: adminKeys.shopRetiredVariants(productId), queryFn: () => listRetiredVariants(supabase, productId), staleTime: 0 });

/** Asked when the administrator opens a variant's removal, so the page says what will happen. */
export const checkVariantSold = (variantId: string) => variantWasSold(supabase, variantId);

export const useAddVariant = () => useCatalogueWrite((variant: NewVariant) => addVariant(supabase, variant));
export const useSaveVariantDetails = () =>
  useCatalogueWrite(({ variantId, details }: { variantId: string; details: VariantDetails }) => updateVariantDetails(supabase, variantId, details));
export const useDeleteVariant = () => useCatalogueWrite((variantId: string) => deleteVariant(supabase, variantId));
export const useSetVariantRetired = () =>
  useCatalogueWrite(({ variantId, retired }: { variantId: string; retired: boolean }) => setVariantRetired(supabase, variantId, retired));
export const useSaveProductOption = () => useCatalogueWrite((option: OptionToSave) => saveProductOption(supabase, option));
export const useDeleteProductOption = () => useCatalogueWrite((optionId: string) => deleteProductOption(supabase, optionId));
