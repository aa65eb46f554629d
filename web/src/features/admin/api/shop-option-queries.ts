// A product's options (« Format ») and the value each variant takes for them, on the shop's own
// catalogue: the storefront names its variant picker after the first option. The database makes a
// value name an option and a variant of the same product (catalogue_options). Plain functions of
// the client, run as they are by tests/contract/admin-catalogue.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
// Relative: the contract test runs this file under Node, which has no '@/' alias (types are erased).
import { updateOne } from './shop-catalogue-queries';
import type { Database } from '@/lib/database.types';

type Client = SupabaseClient<Database>;

export interface ShopOptionValue {
  id: string;
  variant_id: string;
  value: string;
}

export interface ShopOption {
  id: string;
  title: string;
  position: number;
  values: ShopOptionValue[];
}

/** A product's options in order, each with its values (retired variants' included). */
export async function listProductOptions(client: Client, productId: string): Promise<ShopOption[]> {
  const { data, error } = await client
    .from('product_options')
    .select('id, title, position, values:product_option_values(id, variant_id, value)')
    .eq('product_id', productId)
    .order('position')
    .order('id');
  if (error) throw error;
  return data as ShopOption[];
}

export interface OptionToSave {
  productId: string;
  /** Null for a new option, placed after the last. */
  option: ShopOption | null;
  position: number;
  title: string;
  /** The value of each variant named, by variant id. */
  values: { variantId: string; value: string }[];
}

/** Creates or renames an option and writes each variant's value: the ones that changed, the missing ones added. */
export async function saveProductOption(client: Client, save: OptionToSave): Promise<string> {
  let optionId = save.option?.id;
  if (!optionId) {
    const created = await client.from('product_options').insert({ product_id: save.productId, title: save.title, position: save.position }).select('id').single();
    if (created.error) throw created.error;
    optionId = created.data.id;
  } else if (save.option!.title !== save.title) {
    await updateOne('option title', client.from('product_options').update({ title: save.title }).eq('id', optionId).select('id'));
  }
  const held = new Map((save.option?.values ?? []).map((value) => [value.variant_id, value]));
  const added = save.values.filter(({ variantId }) => !held.has(variantId));
  if (added.length) {
    const { error } = await client
      .from('product_option_values')
      .insert(added.map(({ variantId, value }) => ({ product_id: save.productId, option_id: optionId, variant_id: variantId, value })));
    if (error) throw error;
  }
  for (const { variantId, value } of save.values) {
    const before = held.get(variantId);
    if (before && before.value !== value) {
      await updateOne('option value', client.from('product_option_values').update({ value }).eq('id', before.id).select('id'));
    }
  }
  return optionId;
}

/** Removes an option and every variant's value for it. */
export function deleteProductOption(client: Client, optionId: string): Promise<void> {
  return updateOne('option deletion', client.from('product_options').delete().eq('id', optionId).select('id'));
}
