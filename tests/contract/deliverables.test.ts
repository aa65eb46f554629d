// The shop's own delivery with the unmodified supabase-js: the private `deliverables` bucket, the
// policies of its migrations and the sample files the stack uploads, nothing of the storage tests'
// fixture. A customer who bought a ritual through the real purchase path (create-checkout, the
// hosted payment page, record-order) asks for a link, then signs and downloads it (bytes equal,
// `Range` slices); another customer and anon are refused on download, sign and list; no customer
// uploads, overwrites or removes a deliverable.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleDeliverables } from '../../scripts/commerce-sandbox/digital-files.ts';
import { deliverablesBucket } from '../../scripts/stack/sample-deliverables.ts';
import { client, createCheckout, emailOf, newCustomer, pay, type ShopEnv } from '../support/shop.ts';

const env = process.env as unknown as ShopEnv;
const ritual = 'products/rituel-aube.webm';
const ritualBytes = sampleDeliverables()
  .find((sample) => sample.objectPath === ritual)!
  .bytes();

let buyer: SupabaseClient;
let other: SupabaseClient;
let anon: SupabaseClient;
let itemId: string;

const bucketOf = (supabase: SupabaseClient) => supabase.storage.from(deliverablesBucket);

/** The error storage-js returns, with the body storage-api sent. */
async function refusal(result: PromiseLike<{ error: unknown }>) {
  const { error } = await result;
  expect(error).not.toBeNull();
  return error as { status?: number; statusCode?: string; message: string; code?: string };
}

beforeAll(async () => {
  buyer = (await newCustomer(env, 'rituel-acheteur')).supabase;
  other = (await newCustomer(env, 'rituel-curieux')).supabase;
  anon = client(env);
  const checkout = await createCheckout(env, buyer, [{ variant_id: 'var_rituel_aube', quantity: 1 }]);
  expect(checkout.error).toBeNull();
  const sessionId = await pay(checkout.data!.url, await emailOf(buyer));
  const recorded = await buyer.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: sessionId } });
  expect(recorded.error).toBeNull();
  const { data: item, error } = await buyer.from('order_items').select('id, file_path, file_type').eq('order_id', recorded.data!.order_id).single();
  expect(error).toBeNull();
  expect(item).toMatchObject({ file_path: ritual, file_type: 'video' });
  itemId = item!.id;
});

describe('the buyer of a ritual', () => {
  it('signs nothing before asking for a link, then signs and downloads it: bytes equal, Range slices', async () => {
    expect(await refusal(bucketOf(buyer).createSignedUrl(ritual, 60))).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const asked = await buyer.rpc('issue_download_link', { p_order_item_id: itemId });
    expect(asked).toMatchObject({ error: null, data: ritual });

    const { data: signed, error } = await bucketOf(buyer).createSignedUrl(ritual, 60);
    expect(error).toBeNull();
    const whole = await fetch(signed!.signedUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await whole.arrayBuffer()).equals(ritualBytes)).toBe(true);

    const slice = await fetch(signed!.signedUrl, { headers: { Range: 'bytes=1000-4999' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 1000-4999/${ritualBytes.length}`);
    expect(Buffer.from(await slice.arrayBuffer()).equals(ritualBytes.subarray(1000, 5000))).toBe(true);

    const downloaded = await bucketOf(buyer).download(ritual);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(ritualBytes)).toBe(true);

    // The listing shows them that one file of the bucket, nothing else they did not buy.
    expect((await bucketOf(buyer).list('products')).data!.map((entry) => entry.name)).toEqual(['rituel-aube.webm']);
  });
});

describe('another customer and anon', () => {
  it('cannot ask for a link to the buyer’s item', async () => {
    const asked = await other.rpc('issue_download_link', { p_order_item_id: itemId });
    expect(asked.data).toBeNull();
    expect(asked.error).toMatchObject({ code: 'PT404', message: 'Fichier non disponible' });
    expect((await anon.rpc('issue_download_link', { p_order_item_id: itemId })).error).not.toBeNull();
  });

  it.each([
    ['another customer', () => other],
    ['anon', () => anon],
  ])('%s is refused on download, sign and list', async (_who, as) => {
    const bucket = bucketOf(as());
    expect(await refusal(bucket.download(ritual))).toMatchObject({ status: 400 });
    expect(await refusal(bucket.createSignedUrl(ritual, 60))).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const many = await bucket.createSignedUrls([ritual], 60);
    expect(many.data?.[0]).toMatchObject({ path: ritual, signedUrl: null, error: 'Either the object does not exist or you do not have access to it' });
    expect(await refusal(bucket.info(ritual))).toMatchObject({ statusCode: '404' });
    expect((await bucket.list('products')).data).toEqual([]);
    expect((await bucket.list()).data).toEqual([]);
  });
});

describe('customers', () => {
  it.each([
    ['the buyer', () => buyer],
    ['another customer', () => other],
    ['anon', () => anon],
  ])('%s cannot upload, overwrite or remove a deliverable', async (_who, as) => {
    const bucket = bucketOf(as());
    const fresh = await refusal(bucket.upload('products/intrus.webm', Buffer.from('intrus'), { contentType: 'video/webm' }));
    expect(fresh).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    await refusal(bucket.upload(ritual, Buffer.from('remplacé'), { contentType: 'video/webm', upsert: true }));
    await refusal(bucket.update(ritual, Buffer.from('remplacé'), { contentType: 'video/webm' }));
    expect(await refusal(bucket.createSignedUploadUrl('products/intrus.webm'))).toMatchObject({ statusCode: '403' });
    await bucket.remove([ritual]);

    // The original is untouched: the service role (the edge functions' key) reads the same bytes.
    const service = bucketOf(client(env, env.SUPABASE_SECRET_KEY));
    const { data, error } = await service.download(ritual);
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(ritualBytes)).toBe(true);
    expect((await service.list('products', { search: 'intrus' })).data).toEqual([]);
  });
});
