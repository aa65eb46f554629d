// A product's images on the shop's own catalogue: the rows of product_images and the objects of
// the public `product-images` bucket, written through supabase-js under the administrator's
// session (RLS and Storage's policies decide; catalogue_changes audits every row). Plain functions
// of the client, so the contract test (tests/contract/product-images.test.ts) runs these very queries.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';
// Relative, so that the contract test runs this file in Node, where the web app's `@/` alias is not.
import { NothingChangedError } from './shop-catalogue-queries';
import { productImagePaths, productImagesBucket, storedImageSizes, type ResizedImage } from '../../../lib/product-image-sizes';

type Client = SupabaseClient<Database>;

export interface ShopImage {
  id: string;
  product_id: string;
  url: string;
  position: number;
  alt_text: string | null;
}

/** Every product's images, in their order (the first is the thumbnail), by product. */
export async function listShopImages(client: Client): Promise<Map<string, ShopImage[]>> {
  const { data, error } = await client.from('product_images').select('id, product_id, url, position, alt_text').order('position').order('id');
  if (error) throw error;
  const byProduct = new Map<string, ShopImage[]>();
  for (const image of data) byProduct.set(image.product_id, [...(byProduct.get(image.product_id) ?? []), image]);
  return byProduct;
}

/** Uploaded objects never change under their name (a new image gets a new folder): cached for a year. */
const immutable = '31536000';

/**
 * Uploads both sizes of an image, then adds its row at `position` (after the last), without alt
 * text yet; the row's id. A refused row takes its objects away again.
 */
export async function addShopImage(client: Client, productId: string, image: ResizedImage, position: number): Promise<string> {
  const bucket = client.storage.from(productImagesBucket);
  const paths = productImagePaths(productId, crypto.randomUUID(), image.gallery.size, image.extension);
  const options = { contentType: image.contentType, cacheControl: immutable, upsert: false };
  const grid = await bucket.upload(paths.grid, image.grid.blob, options);
  if (grid.error) throw grid.error;
  const gallery = await bucket.upload(paths.gallery, image.gallery.blob, options);
  if (gallery.error) {
    await bucket.remove([paths.grid]);
    throw gallery.error;
  }
  const url = bucket.getPublicUrl(paths.gallery).data.publicUrl;
  const row = await client.from('product_images').insert({ product_id: productId, url, position }).select('id').single();
  if (row.error) {
    await bucket.remove([paths.gallery, paths.grid]);
    throw row.error;
  }
  return row.data.id;
}

async function updateImage(client: Client, imageId: string, change: { alt_text?: string; position?: number }): Promise<void> {
  const { data, error } = await client.from('product_images').update(change).eq('id', imageId).select('id');
  if (error) throw error;
  if (!data.length) throw new NothingChangedError('product image');
}

export function setImageAltText(client: Client, imageId: string, altText: string): Promise<void> {
  return updateImage(client, imageId, { alt_text: altText });
}

/** Moves an image one place up (-1) or down (1): the product's images are numbered afresh, writing only the rows that change. */
export async function moveShopImage(client: Client, images: Pick<ShopImage, 'id' | 'position'>[], imageId: string, step: -1 | 1): Promise<void> {
  const from = images.findIndex((image) => image.id === imageId);
  const to = from + step;
  if (from === -1 || to < 0 || to >= images.length) return;
  const moved = images.slice();
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  for (const [position, image] of moved.entries()) {
    if (image.position !== position) await updateImage(client, image.id, { position });
  }
}

/**
 * Removes an image: its row first (the storefront no longer shows it), then its two objects when
 * they are in the bucket (an imported URL elsewhere is only forgotten).
 */
export async function removeShopImage(client: Client, image: Pick<ShopImage, 'id' | 'url'>): Promise<void> {
  const { data, error } = await client.from('product_images').delete().eq('id', image.id).select('id');
  if (error) throw error;
  if (!data.length) throw new NothingChangedError('product image');
  const stored = storedImageSizes(image.url);
  if (!stored) return;
  const removed = await client.storage.from(productImagesBucket).remove(stored.paths);
  if (removed.error) throw removed.error;
}
