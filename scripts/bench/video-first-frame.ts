// bench:storage's time to first frame of a ritual on a slow connection: a 20-second 720p video
// (ffmpeg's test pattern under moving grain at 2.5 Mbit/s, its index first) played in headless Chromium from its
// signed URL, against the same video over HLS after `media:transcode` (hls.js, starting on the
// 360p rendition, each segment signed), the connection throttled to 1.5 Mbit/s down with 40 ms of
// latency by Chromium's own network emulation (CDP), the cache off. Timed from handing the player
// its source to the first frame presented (requestVideoFrameCallback), and to the tenth second
// played (what a 2.5 Mbit/s original cannot do in real time on that line, and the ladder's 360p
// can); hls.js itself is already in the page, as the viewer's cached chunk would be.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { playlistUris, rewritePlaylist } from '../../supabase/functions/_shared/hls-playlist.ts';
import { transcodePendingVideos } from '../media/transcode-pending.ts';
import { makeSampleVideo } from '../lib/sample-video.ts';
import { nodeClient } from '../lib/supabase-client.ts';
import type { LocalStack } from '../stack/launch.ts';
import { median } from './stats.ts';

const throttle = { offline: false, latency: 40, downloadThroughput: 1_500_000 / 8, uploadThroughput: 750_000 / 8 };
const source = 'products/bench/rituel-720p.mp4';

interface Stream {
  master: string;
  playlists: Record<string, string>;
}

/** The stream as issue-download hands it to the viewer: media playlists with signed segment URLs. */
async function signedStream(stack: LocalStack): Promise<{ original: string; stream: Stream }> {
  const bucket = nodeClient(stack.apiUrl, stack.secretKey).storage.from('deliverables');
  const text = async (path: string) => {
    const { data, error } = await bucket.download(path);
    if (error) throw new Error(`${path}: ${error.message}`);
    return data.text();
  };
  const sign = async (paths: string[]) => {
    const { data, error } = await bucket.createSignedUrls(paths, 3600);
    if (error) throw new Error(`signing: ${error.message}`);
    return new Map(data.map((entry) => [entry.path!, entry.signedUrl]));
  };
  const folder = `${source}.hls/`;
  const master = await text(`${folder}master.m3u8`);
  const playlists: Record<string, string> = {};
  for (const uri of playlistUris(master)) {
    const mediaFolder = folder + uri.slice(0, uri.lastIndexOf('/') + 1);
    const media = await text(folder + uri);
    const urls = await sign(playlistUris(media).map((segment) => mediaFolder + segment));
    playlists[uri] = rewritePlaylist(media, (segment) => urls.get(mediaFolder + segment)!);
  }
  return { original: (await sign([source])).get(source)!, stream: { master, playlists } };
}

interface Timing {
  firstFrame: number;
  tenSeconds: number;
}

export interface FirstFrame {
  original: Timing[];
  hls: Timing[];
}

export async function measureFirstFrame(stack: LocalStack, runs: number): Promise<FirstFrame> {
  const work = mkdtempSync(join(tmpdir(), 'bench-first-frame-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
  try {
    const sample = makeSampleVideo(work, { seconds: 20, width: 1280, height: 720, videoKbps: 2500, grain: true });
    const bucket = nodeClient(stack.apiUrl, stack.secretKey).storage.from('deliverables');
    const { error } = await bucket.upload(source, readFileSync(sample), { contentType: 'video/mp4', upsert: true });
    if (error) throw new Error(`uploading the bench video: ${error.message}`);
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    await db.query(`insert into public.product_files (variant_id, object_path, file_type, content_type) values ('var_bench_ritual', $1, 'video', 'video/mp4') on conflict do nothing`, [source]);
    await db.end();
    const run = await transcodePendingVideos(stack.apiUrl, stack.secretKey, { only: [source] });
    if (run.failed.length > 0) throw new Error(`transcoding the bench video: ${run.failed[0]!.reason}`);
    const { original, stream } = await signedStream(stack);
    const hlsScript = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

    const once = async (kind: 'original' | 'hls'): Promise<Timing> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', throttle);
      await page.addScriptTag({ path: hlsScript });
      // The page's own code, as a string: these Node scripts are typed without the DOM.
      const ms = await page.evaluate(`(async () => {
        const kind = ${JSON.stringify(kind)}, original = ${JSON.stringify(original)}, stream = ${JSON.stringify(stream)};
        const video = document.createElement('video');
        video.muted = true;
        document.body.append(video);
        const started = performance.now();
        const frame = new Promise((resolve) => video.requestVideoFrameCallback(() => resolve(performance.now() - started)));
        if (kind === 'hls') {
          const blob = (text) => URL.createObjectURL(new Blob([text], { type: 'application/vnd.apple.mpegurl' }));
          const media = Object.fromEntries(Object.entries(stream.playlists).map(([uri, text]) => [uri, blob(text)]));
          const master = stream.master.split('\\n').map((line) => media[line.trim()] ?? line).join('\\n');
          const hls = new Hls({ enableWorker: false, startLevel: 0 });
          hls.loadSource(blob(master));
          hls.attachMedia(video);
        } else video.src = original;
        const tenSeconds = new Promise((resolve) => video.addEventListener('timeupdate', () => video.currentTime >= 10 && resolve(performance.now() - started)));
        video.play().catch(() => undefined);
        return { firstFrame: await frame, tenSeconds: await tenSeconds };
      })()`);
      await context.close();
      return ms as Timing;
    };

    const times: FirstFrame = { original: [], hls: [] };
    for (let i = 0; i < runs; i++) {
      times.original.push(await once('original'));
      times.hls.push(await once('hls'));
    }
    return times;
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const ms = (timings: Timing[], what: keyof Timing) => `${median(timings.map((t) => t[what])).toFixed(0)} ms`;

export const firstFrameRows = (times: FirstFrame): string[][] => [
  ['first frame at 1.5 Mbit/s, original MP4 (median)', ms(times.original, 'firstFrame'), ''],
  ['first frame at 1.5 Mbit/s, HLS (median)', ms(times.hls, 'firstFrame'), ''],
  ['10 s played at 1.5 Mbit/s, original MP4 (median)', ms(times.original, 'tenSeconds'), ''],
  ['10 s played at 1.5 Mbit/s, HLS (median)', ms(times.hls, 'tenSeconds'), ''],
];
