// A product's variants beyond their prices, on the shop's own catalogue: a new variant with its
// option values, a variant's name and reference, and its removal. A variant some order names was
// sold: the database refuses its deletion (23503, catalogue_variants) so that past orders, invoices
// and the library keep it; it is retired instead (`retired_at`), and may be put back. Plain
// functions of the client, run as they are by tests/contract/admin-catalogue.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
// Relative: the contract test runs this file under Node, which has no '@/' alias (types are erased).
import { updateOne } from './shop-catalogue-queries';
import type { VariantPricing } from '@/features/admin/schemas/shop-product-schema';
import type { VariantDetails } from '@/features/admin/schemas/shop-variant-schema';
import type { Database } from '@/lib/database.types';

type Client = SupabaseClient<Database>;

/** A retired variant, as the page offers to put it back. */
export interface RetiredVariant {
  id: string;
  title: string;
  sku: string | null;
  retired_at: string;
}

/** The database refused to delete a variant already sold: retire it instead. */
export class VariantSoldError extends Error {
  constructor(variantId: string) {
    super(`variant ${variantId} was sold: retire it`);
  }
}

export interface NewVariant {
  productId: string;
  details: VariantDetails;
  pricing: VariantPricing;
  /** After the product's last variant. */
  position: number;
  /** Its value for each of the product's options. */
  optionValues: { optionId: string; value: string }[];
}

/** A variant and its option values; its id. Without its values, the variant is removed again. */
export async function addVariant(client: Client, variant: NewVariant): Promise<string> {
  const created = await client
    .from('product_variants')
    .insert({ ...variant.details, ...variant.pricing, product_id: variant.productId, position: variant.position })
    .select('id')
    .single();
  if (created.error) throw created.error;
  const id = created.data.id;
  if (variant.optionValues.length) {
    const values = await client
      .from('product_option_values')
      .insert(variant.optionValues.map(({ optionId, value }) => ({ product_id: variant.productId, option_id: optionId, variant_id: id, value })));
    if (values.error) {
      await client.from('product_variants').delete().eq('id', id);
      throw values.error;
    }
  }
  return id;
}

export function updateVariantDetails(client: Client, variantId: string, details: VariantDetails): Promise<void> {
  return updateOne('variant details', client.from('product_variants').update(details).eq('id', variantId).select('id'));
}

/** Whether an order names the variant: the page says before removing it whether it is deleted or retired. */
export async function variantWasSold(client: Client, variantId: string): Promise<boolean> {
  const { data, error } = await client.from('order_items').select('variant_id').eq('variant_id', variantId).limit(1);
  if (error) throw error;
  return data.length > 0;
}

/** Deletes an unsold variant (its option values go with it); a sold one: VariantSoldError. */
export async function deleteVariant(client: Client, variantId: string): Promise<void> {
  try {
    await updateOne('variant deletion', client.from('product_variants').delete().eq('id', variantId).select('id'));
  } catch (error) {
    throw (error as { code?: string }).code === '23503' ? new VariantSoldError(variantId) : error;
  }
}

/** Takes a variant off the storefront, kept for the orders that name it; null puts it back. */
export function setVariantRetired(client: Client, variantId: string, retired: boolean): Promise<void> {
  return updateOne(
    retired ? 'variant retirement' : 'variant return',
    client
      .from('product_variants')
      .update({ retired_at: retired ? new Date().toISOString() : null })
      .eq('id', variantId)
      .select('id'),
  );
}

/** A product's retired variants, most recently retired first. */
export async function listRetiredVariants(client: Client, productId: string): Promise<RetiredVariant[]> {
  const { data, error } = await client
    .from('product_variants')
    .select('id, title, sku, retired_at')
    .eq('product_id', productId)
    .not('retired_at', 'is', null)
    .order('retired_at', { ascending: false })
    .order('id');
  if (error) throw error;
  return data as RetiredVariant[];
}
