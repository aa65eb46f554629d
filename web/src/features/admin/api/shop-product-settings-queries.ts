// What a product is beyond its texts, on the shop's own catalogue: whether it is for sale
// (`purchasable`), its `type` (spec §3), its removal (soft deletion: `deleted_at`), and the
// collections that hold it, a collection created by name when none fits. Plain functions of the
// client, run as they are by tests/contract/admin-catalogue.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
// Relative: the contract test runs this file under Node, which has no '@/' alias (types are erased).
import { updateOne } from './shop-catalogue-queries';
import type { Database } from '@/lib/database.types';

type Client = SupabaseClient<Database>;

export interface ProductSettings {
  purchasable: boolean;
  type: string;
}

export interface ShopCollection {
  id: string;
  title: string;
}

export function updateProductSettings(client: Client, productId: string, settings: ProductSettings): Promise<void> {
  return updateOne('product settings', client.from('products').update(settings).eq('id', productId).select('id'));
}

/**
 * Takes a product out of the shop: it is hidden as a draft is, and from the admin's list; its rows
 * stay for the orders, invoices and library that name its variants (catalogue_products).
 */
export function deleteProduct(client: Client, productId: string): Promise<void> {
  return updateOne('product deletion', client.from('products').update({ deleted_at: new Date().toISOString() }).eq('id', productId).select('id'));
}

/** Every collection, in the catalogue's order. */
export async function listCollections(client: Client): Promise<ShopCollection[]> {
  const { data, error } = await client.from('collections').select('id, title').order('position').order('id');
  if (error) throw error;
  return data;
}

/** The ids of the collections that hold a product. */
export async function listProductCollections(client: Client, productId: string): Promise<string[]> {
  const { data, error } = await client.from('product_collections').select('collection_id').eq('product_id', productId);
  if (error) throw error;
  return data.map((row) => row.collection_id);
}

/** A new collection, after the last; its id. */
export async function createCollection(client: Client, title: string): Promise<string> {
  const last = await client.from('collections').select('position').order('position', { ascending: false }).limit(1);
  if (last.error) throw last.error;
  const created = await client.from('collections').insert({ title, position: (last.data[0]?.position ?? -1) + 1 }).select('id').single();
  if (created.error) throw created.error;
  return created.data.id;
}

/** Puts a product at the end of a collection. */
export async function addToCollection(client: Client, productId: string, collectionId: string): Promise<void> {
  const last = await client.from('product_collections').select('position').eq('collection_id', collectionId).order('position', { ascending: false }).limit(1);
  if (last.error) throw last.error;
  const { error } = await client.from('product_collections').insert({ product_id: productId, collection_id: collectionId, position: (last.data[0]?.position ?? -1) + 1 });
  if (error) throw error;
}

export function removeFromCollection(client: Client, productId: string, collectionId: string): Promise<void> {
  return updateOne(
    'collection link',
    client.from('product_collections').delete().eq('product_id', productId).eq('collection_id', collectionId).select('product_id'),
  );
}
