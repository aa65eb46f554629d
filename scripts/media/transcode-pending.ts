// The transcode job's work: every product video of the `deliverables` bucket that has no stream
// recorded yet is downloaded, transcoded to HLS (hls-renditions.ts), its playlists and segments
// uploaded beside it under `<original>.hls/`, and the stream recorded in `video_streams`, last,
// so the viewer switches to HLS only once every file is there. All with the project's secret key
// (the service role), as an operator's tool.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { nodeClient } from '../lib/supabase-client.ts';
import { hlsFiles, transcodeToHls, type Rendition } from './hls-renditions.ts';

const bucket = 'deliverables';

export interface TranscodedVideo {
  sourcePath: string;
  renditions: Rendition[];
  seconds: number;
}

/** Product videos with no stream yet, oldest mapping first. */
export async function pendingVideos(client: SupabaseClient): Promise<string[]> {
  const { data: files, error } = await client.from('product_files').select('object_path').eq('file_type', 'video');
  if (error) throw new Error(`product_files cannot be read: ${error.message}`);
  const { data: streams, error: streamsError } = await client.from('video_streams').select('source_path');
  if (streamsError) throw new Error(`video_streams cannot be read: ${streamsError.message}`);
  const done = new Set((streams as Array<{ source_path: string }>).map((s) => s.source_path));
  return [...new Set((files as Array<{ object_path: string }>).map((f) => f.object_path))].filter((path) => !done.has(path));
}

const contentTypeOf = (name: string) => (name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4');

async function transcodeOne(client: SupabaseClient, sourcePath: string): Promise<TranscodedVideo> {
  const started = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'shop-transcode-'));
  try {
    const { data: original, error } = await client.storage.from(bucket).download(sourcePath);
    if (error) throw new Error(`${sourcePath} cannot be downloaded: ${error.message}`);
    const input = join(work, 'original');
    writeFileSync(input, Buffer.from(await original.arrayBuffer()));
    const outDir = join(work, 'hls');
    const renditions = await transcodeToHls(input, outDir);
    for (const name of hlsFiles(outDir)) {
      const { error: uploadError } = await client.storage
        .from(bucket)
        .upload(`${sourcePath}.hls/${name}`, readFileSync(join(outDir, name)), { contentType: contentTypeOf(name), upsert: true });
      if (uploadError) throw new Error(`${sourcePath}.hls/${name} cannot be uploaded: ${uploadError.message}`);
    }
    const { error: recordError } = await client
      .from('video_streams')
      .upsert({ source_path: sourcePath, master_path: `${sourcePath}.hls/master.m3u8`, heights: renditions.map((r) => r.height), transcoded_at: new Date().toISOString() });
    if (recordError) throw new Error(`the stream of ${sourcePath} cannot be recorded: ${recordError.message}`);
    return { sourcePath, renditions, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface TranscodeRun {
  made: TranscodedVideo[];
  /** Videos that could not be transcoded, and why: they stay pending for the next run. */
  failed: Array<{ sourcePath: string; reason: string }>;
}

/**
 * Transcodes every pending video (or those of `only`), one after another. A video that fails is
 * reported and left pending; the others go on.
 */
export async function transcodePendingVideos(
  apiUrl: string,
  secretKey: string,
  options: { only?: string[]; onStart?: (sourcePath: string) => void } = {},
): Promise<TranscodeRun> {
  const client = nodeClient(apiUrl, secretKey);
  const run: TranscodeRun = { made: [], failed: [] };
  const pending = await pendingVideos(client);
  for (const sourcePath of options.only ? pending.filter((path) => options.only!.includes(path)) : pending) {
    options.onStart?.(sourcePath);
    try {
      run.made.push(await transcodeOne(client, sourcePath));
    } catch (error) {
      run.failed.push({ sourcePath, reason: (error as Error).message });
    }
  }
  return run;
}
