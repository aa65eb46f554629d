// The public `product-images` bucket through the real Storage API, with the unmodified supabase-js
// and the very queries of web/src/features/admin/api/shop-image-queries.ts: an administrator adds an
// image (both sizes, then its row), describes it, moves it and removes it (row and objects), each
// row change audited as theirs; anyone, anon included, reads the objects at their public URL;
// anon and a customer upload, replace, list and remove nothing; the bucket refuses another type
// or a larger object, to the administrator too; a private bucket serves nothing at a public URL.
// The test's product is soft-deleted afterwards.
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAdministrator, newCustomer, type ShopEnv } from '../support/shop.ts';
import { NothingChangedError } from '../../web/src/features/admin/api/shop-catalogue-queries.ts';
import { addShopImage, listShopImages, moveShopImage, removeShopImage, setImageAltText } from '../../web/src/features/admin/api/shop-image-queries.ts';
import type { ResizedImage } from '../../web/src/lib/product-image-sizes.ts';
import type { Database } from '../../web/src/lib/database.types.ts';
import { productImagesBucket, storedImageSizes } from '../../web/src/lib/product-image-sizes.ts';

const env = process.env as unknown as ShopEnv;
const productId = `prod_images_${Date.now()}`;
const jpeg = readFileSync(new URL('../support/fixtures/bougie-64x48.jpg', import.meta.url));
// The browser's resize is not under test here: both sizes are the same small JPEG.
const resized: ResizedImage = {
  extension: 'jpg',
  contentType: 'image/jpeg',
  gallery: { blob: new Blob([jpeg], { type: 'image/jpeg' }), size: { width: 64, height: 48 } },
  grid: { blob: new Blob([jpeg], { type: 'image/jpeg' }), size: { width: 64, height: 48 } },
};

let admin: SupabaseClient<Database>;
let adminId: string;
let customer: SupabaseClient<Database>;
let anon: SupabaseClient<Database>;
let service: SupabaseClient<Database>;

/** The error storage-js returns, with the status storage-api sent. */
async function refusal(result: PromiseLike<{ error: unknown }>) {
  const { error } = await result;
  expect(error).not.toBeNull();
  return error as { statusCode?: string; message: string };
}

/** How a row's write was refused: its SQLSTATE, or no row changed (RLS hid it). */
async function refusedRow(write: Promise<void>): Promise<string> {
  try {
    await write;
    return 'written';
  } catch (error) {
    return error instanceof NothingChangedError ? 'no row changed' : String((error as { code?: string }).code);
  }
}

const imagesOf = async (supabase: SupabaseClient<Database>) => (await listShopImages(supabase)).get(productId) ?? [];

beforeAll(async () => {
  service = client(env, env.SUPABASE_SECRET_KEY) as SupabaseClient<Database>;
  const adminUser = await newAdministrator(env, 'images-admin');
  admin = adminUser.supabase as SupabaseClient<Database>;
  adminId = adminUser.userId;
  customer = (await newCustomer(env, 'images-curieux')).supabase as SupabaseClient<Database>;
  anon = client(env) as SupabaseClient<Database>;
  expect((await service.from('products').insert({ id: productId, title: 'Bougie de l’aube' })).error).toBeNull();
});

afterAll(async () => {
  await service.from('products').update({ status: 'draft', deleted_at: new Date().toISOString() }).eq('id', productId);
});

describe('the administrator', () => {
  it('adds, describes, moves and removes images; anyone reads them at their public URL; the audit names them', async () => {
    const first = await addShopImage(admin, productId, resized, 0);
    const second = await addShopImage(admin, productId, resized, 1);
    let images = await imagesOf(admin);
    expect(images.map((image) => [image.id, image.position, image.alt_text])).toEqual([
      [first, 0, null],
      [second, 1, null],
    ]);

    const sizes = storedImageSizes(images[0]!.url)!;
    expect(sizes.paths[0]).toMatch(new RegExp(`^${productId}/[0-9a-f-]{36}/gallery-64x48\\.jpg$`));
    for (const url of [sizes.gallery.url, sizes.grid.url]) {
      const read = await fetch(url);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/jpeg');
      expect(read.headers.get('cache-control')).toContain('max-age=31536000');
      expect(Buffer.from(await read.arrayBuffer()).equals(jpeg)).toBe(true);
    }

    await setImageAltText(admin, second, 'Une bougie allumée sur l’autel');
    await moveShopImage(admin, images, second, -1);
    images = await imagesOf(admin);
    expect(images.map((image) => [image.id, image.position, image.alt_text])).toEqual([
      [second, 0, 'Une bougie allumée sur l’autel'],
      [first, 1, null],
    ]);
    // Published only while the storefront reads it: catalogue-read compares every published product to the double's.
    expect((await service.from('products').update({ status: 'published' }).eq('id', productId)).error).toBeNull();
    const read = await anon.rpc('storefront_product', { p_id: productId });
    expect((await service.from('products').update({ status: 'draft' }).eq('id', productId)).error).toBeNull();
    expect((read.data as { media: unknown[] }).media).toEqual([
      { url: images[0]!.url, order: 0, type: 'image', alt_text: 'Une bougie allumée sur l’autel' },
      { url: images[1]!.url, order: 1, type: 'image' },
    ]);

    await removeShopImage(admin, images[1]!);
    expect((await imagesOf(admin)).map((image) => image.id)).toEqual([second]);
    for (const url of [sizes.gallery.url, sizes.grid.url]) expect((await fetch(url)).status).not.toBe(200);

    const { data: changes, error } = await admin
      .from('catalogue_changes')
      .select('table_name, operation, changed_by')
      .eq('product_id', productId)
      .eq('table_name', 'product_images')
      .order('id');
    expect(error).toBeNull();
    expect(changes!.map((change) => change.operation)).toEqual(['insert', 'insert', 'update', 'update', 'update', 'delete']);
    expect(changes!.every((change) => change.changed_by === adminId)).toBe(true);
  });

  it('is refused another type than WebP or JPEG, an object over 2 MB, and a name outside the convention', async () => {
    const bucket = admin.storage.from(productImagesBucket);
    const folder = `${productId}/${crypto.randomUUID()}`;
    const png = new Blob([readFileSync(new URL('../support/fixtures/autel-2000x1500.png', import.meta.url))], { type: 'image/png' });
    expect(await refusal(bucket.upload(`${folder}/grid.jpg`, png, { contentType: 'image/png' }))).toMatchObject({ statusCode: '415' });
    const large = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    expect(await refusal(bucket.upload(`${folder}/grid.jpg`, large, { contentType: 'image/jpeg' }))).toMatchObject({ statusCode: '413' });
    expect(await refusal(bucket.upload(`${productId}/photo.jpg`, resized.grid.blob, { contentType: 'image/jpeg' }))).toMatchObject({ statusCode: '403' });
  });
});

it('serves no object of a private bucket at a public URL', async () => {
  const publicUrl = anon.storage.from('deliverables').getPublicUrl('products/rituel-aube.webm').data.publicUrl;
  const read = await fetch(publicUrl);
  expect(read.status).toBe(400);
  expect(await read.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
});

describe('anon and a customer', () => {
  it('upload, replace, list and remove nothing, and change no row', async () => {
    const [image] = await imagesOf(admin);
    const paths = storedImageSizes(image!.url)!.paths;
    // Anon has no grant on the rows (42501); a customer's write reaches no row through RLS.
    const refusals = [
      { supabase: anon, rowRefusal: '42501' },
      { supabase: customer, rowRefusal: 'no row changed' },
    ];
    for (const { supabase, rowRefusal } of refusals) {
      const bucket = supabase.storage.from(productImagesBucket);
      const folder = `${productId}/${crypto.randomUUID()}`;
      expect(await refusal(bucket.upload(`${folder}/grid.jpg`, resized.grid.blob, { contentType: 'image/jpeg' }))).toMatchObject({ statusCode: '403' });
      expect(await refusal(bucket.upload(paths[1]!, resized.grid.blob, { contentType: 'image/jpeg', upsert: true }))).toMatchObject({ statusCode: '403' });
      expect(await bucket.list(`${productId}/`)).toMatchObject({ data: [], error: null });
      expect(await bucket.remove(paths)).toMatchObject({ data: [], error: null });
      await expect(addShopImage(supabase, productId, resized, 5)).rejects.toMatchObject({ statusCode: '403' });
      expect(await refusedRow(setImageAltText(supabase, image!.id, 'Vandale'))).toBe(rowRefusal);
      expect(await refusedRow(removeShopImage(supabase, image!))).toBe(rowRefusal);
      // The public URL still answers: nothing was replaced or removed.
      expect((await fetch(storedImageSizes(image!.url)!.grid.url)).status).toBe(200);
    }
    expect((await imagesOf(admin)).map((row) => [row.id, row.alt_text])).toEqual([[image!.id, image!.alt_text]]);
  });
});
