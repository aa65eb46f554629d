// Rituals over HLS (issue #28, item 3) with the unmodified supabase-js: a product video (a few
// seconds of ffmpeg's testsrc at 720p, made here) is transcoded by the operator's job into 360p
// and 720p renditions beside it, and recorded; its buyer's viewer link then comes with the stream,
// every playlist's segment a signed URL of its own, and the French subtitles the administrator
// attached. Anon and another customer get nothing of it, neither through the function nor from
// Storage; a segment's edited or expired token is refused.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcodePendingVideos, type TranscodeRun } from '../../scripts/media/transcode-pending.ts';
import { deliverablesBucket } from '../../scripts/stack/sample-deliverables.ts';
import { makeSampleVideo } from '../../scripts/lib/sample-video.ts';
import { client, createCheckout, emailOf, newCustomer, pay, type ShopEnv } from '../support/shop.ts';

const env = process.env as unknown as ShopEnv;
const variantId = 'var_rituel_pleine_lune_hd';
const source = `products/${variantId}/test-${Date.now()}/rituel-pleine-lune.mp4`;
const frenchVtt = 'WEBVTT\n\n00:00.000 --> 00:05.000\nQue la lumière de la pleine lune vous accompagne.\n';

interface StreamAnswer {
  url: string;
  hls: { master: string; playlists: Record<string, string> } | null;
  subtitles: Array<{ language: string; label: string; url: string }>;
}

let service: SupabaseClient;
let admin: SupabaseClient;
let buyer: SupabaseClient;
let other: SupabaseClient;
let anon: SupabaseClient;
let itemId: string;
let run: TranscodeRun;
let previousFile: { object_path: string; file_type: string; content_type: string | null } | null;
const work = mkdtempSync(join(tmpdir(), 'video-streams-'));

const segmentUrls = (answer: StreamAnswer) =>
  Object.values(answer.hls!.playlists).flatMap((text) => [...text.matchAll(/^(https?:\/\/\S+)$|URI="(https?:\/\/[^"]+)"/gm)].map((m) => m[1] ?? m[2]!));

async function buy(customer: SupabaseClient): Promise<string> {
  const checkout = await createCheckout(env, customer, [{ variant_id: variantId, quantity: 1 }]);
  expect(checkout.error).toBeNull();
  const recorded = await customer.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: await pay(checkout.data!.url, await emailOf(customer)) } });
  expect(recorded.error).toBeNull();
  const { data: item } = await customer.from('order_items').select('id, file_path').eq('order_id', recorded.data!.order_id).single();
  expect(item).toMatchObject({ file_path: source });
  return item!.id as string;
}

const viewerLink = (as: SupabaseClient) => as.functions.invoke<StreamAnswer>('issue-download', { body: { order_item_id: itemId, disposition: 'inline' } });

beforeAll(async () => {
  service = client(env, env.SUPABASE_SECRET_KEY);
  const sample = makeSampleVideo(work, { seconds: 6, width: 1280, height: 720 });
  const bucket = service.storage.from(deliverablesBucket);
  expect((await bucket.upload(source, readFileSync(sample), { contentType: 'video/mp4' })).error).toBeNull();
  const { data: before } = await service.from('product_files').select('object_path, file_type, content_type').eq('variant_id', variantId).maybeSingle();
  previousFile = before;
  expect((await service.from('product_files').upsert({ variant_id: variantId, object_path: source, file_type: 'video', content_type: 'video/mp4' })).error).toBeNull();

  const adminUser = await newCustomer(env, 'sous-titres-admin');
  expect((await service.from('profiles').update({ role: 'admin' }).eq('id', adminUser.userId)).error).toBeNull();
  admin = adminUser.supabase;
  buyer = (await newCustomer(env, 'rituel-hls')).supabase;
  other = (await newCustomer(env, 'rituel-hls-curieux')).supabase;
  anon = client(env);
  itemId = await buy(buyer);
  await buy(other);

  run = await transcodePendingVideos(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, { only: [source] });
}, 300_000);

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  // The catalogue's ritual delivers its sample file again for the files that follow.
  if (previousFile) await service.from('product_files').update(previousFile).eq('variant_id', variantId);
});

describe('the transcode job', () => {
  it('makes 360p and 720p renditions beside the original, records them, and leaves them on the next run', async () => {
    expect(run.failed).toEqual([]);
    const ours = run.made.find((video) => video.sourcePath === source);
    expect(ours?.renditions.map((r) => [r.name, r.height])).toEqual([['360p', 360], ['720p', 720]]);
    const { data: row } = await service.from('video_streams').select('master_path, heights').eq('source_path', source).single();
    expect(row).toEqual({ master_path: `${source}.hls/master.m3u8`, heights: [360, 720] });

    const bucket = service.storage.from(deliverablesBucket);
    const master = await (await bucket.download(`${source}.hls/master.m3u8`)).data!.text();
    expect(master).toMatch(/RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n360p\/index\.m3u8/);
    expect(master).toMatch(/RESOLUTION=1280x720,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n720p\/index\.m3u8/);
    for (const height of [360, 720]) {
      const { data: files } = await bucket.list(`${source}.hls/${height}p`);
      const names = files!.map((f) => f.name);
      expect(names).toContain('index.m3u8');
      expect(names).toContain('init.mp4');
      expect(names.filter((n) => n.endsWith('.m4s')).length).toBeGreaterThanOrEqual(2);
    }

    const again = await transcodePendingVideos(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, { only: [source] });
    expect(again).toEqual({ made: [], failed: [] });
  });
});

describe('the administrator’s subtitles', () => {
  it('attaches a French WebVTT track to the video; customers cannot', async () => {
    const path = `${source}.subtitles/fr.vtt`;
    expect((await admin.storage.from(deliverablesBucket).upload(path, Buffer.from(frenchVtt), { contentType: 'text/vtt' })).error).toBeNull();
    expect(await admin.rpc('admin_set_video_subtitles', { p_source_path: source, p_language: 'fr', p_label: 'Français' })).toMatchObject({ error: null, data: path });

    const refused = await buyer.rpc('admin_set_video_subtitles', { p_source_path: source, p_language: 'fr', p_label: 'Intrus' });
    expect(refused.error).toMatchObject({ code: '42501' });
    const notVideo = await admin.rpc('admin_set_video_subtitles', { p_source_path: 'products/absent.mp4', p_language: 'fr', p_label: 'Français' });
    expect(notVideo.error).toMatchObject({ code: '22023' });
  });
});

describe('the buyer', () => {
  it('gets the stream with the viewer’s link: playlists, then every segment and the subtitles, signed', async () => {
    const { data: answer, error } = await viewerLink(buyer);
    expect(error).toBeNull();
    expect(answer!.hls!.master).toContain('360p/index.m3u8');
    expect(Object.keys(answer!.hls!.playlists).sort()).toEqual(['360p/index.m3u8', '720p/index.m3u8']);

    const urls = segmentUrls(answer!);
    expect(urls.filter((url) => url.includes('/init.mp4?token=')).length).toBe(2);
    expect(urls.length).toBeGreaterThanOrEqual(6);
    const service360 = service.storage.from(deliverablesBucket);
    for (const url of urls) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      const objectPath = decodeURIComponent(new URL(url).pathname.replace(/^.*\/object\/sign\/deliverables\//, ''));
      const original = Buffer.from(await (await service360.download(objectPath)).data!.arrayBuffer());
      expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    }

    expect(answer!.subtitles).toHaveLength(1);
    expect(answer!.subtitles[0]).toMatchObject({ language: 'fr', label: 'Français' });
    const track = await fetch(answer!.subtitles[0]!.url);
    expect(track.status).toBe(200);
    expect(track.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await track.text()).toBe(frenchVtt);
  });

  it('a segment’s edited or expired token is refused', async () => {
    const { data: answer } = await viewerLink(buyer);
    const url = segmentUrls(answer!).find((u) => u.includes('.m4s'))!;
    const edited = url.replace(/token=([^&.]+)\.([^&.]+)\./, (_, header: string, payload: string) => `token=${header}.${payload.slice(0, -2)}${payload.endsWith('A') ? 'B' : 'A'}${payload.slice(-1)}.`);
    expect(edited).not.toBe(url);
    expect((await fetch(edited)).status).toBe(400);

    // Within the signing window the buyer may sign a segment themselves; a second later it has run out.
    const segment = decodeURIComponent(new URL(url).pathname.replace(/^.*\/object\/sign\/deliverables\//, ''));
    const { data: brief, error } = await buyer.storage.from(deliverablesBucket).createSignedUrl(segment, 1);
    expect(error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(brief!.signedUrl)).status).toBe(400);
  });
});

describe('anon and another customer', () => {
  it('anon is refused by the function; another customer gets no link to the buyer’s item', async () => {
    expect((await viewerLink(anon)).error).toMatchObject({ context: { status: 401 } });
    expect((await viewerLink(other)).error).toMatchObject({ context: { status: 404 } });
  });

  it.each([
    ['anon', () => anon],
    ['another customer who bought the video too but did not open it', () => other],
  ])('%s reads, signs and lists nothing of the stream or the subtitles', async (_who, as) => {
    const bucket = as().storage.from(deliverablesBucket);
    const objects = [`${source}.hls/master.m3u8`, `${source}.hls/360p/index.m3u8`, `${source}.hls/360p/init.mp4`, `${source}.hls/720p/segment-0000.m4s`, `${source}.subtitles/fr.vtt`];
    for (const object of objects) {
      expect((await bucket.download(object)).error, object).not.toBeNull();
      expect((await bucket.createSignedUrl(object, 60)).error, object).not.toBeNull();
    }
    expect((await bucket.list(`${source}.hls/360p`)).data).toEqual([]);
    expect((await as().from('video_streams').select('source_path')).data ?? []).toEqual([]);
    expect((await as().from('video_subtitles').select('source_path')).data ?? []).toEqual([]);
  });
});
