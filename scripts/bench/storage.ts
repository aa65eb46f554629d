// `npm run bench:storage`: Storage's byte path on a throwaway stack, with a 200 MB video uploaded
// by TUS into a private bucket.
// 1. Streaming the whole video through the gateway by its signed URL (as a <video> fetches it)
//    against reading the same bytes straight from disk: median ratio, target < 1.5. Measured two
//    ways, runs interleaved: from disk (both files' pages evicted from the page cache before each
//    timed run, checked with `fincore`: page-cache.ts), which is what the target says, and from
//    the page cache (the file just read), where the baseline is a memory copy and the gateway's
//    loopback transfer dominates. Both are timed in the client process, each read into the same
//    reused 1 MiB buffer (storage-client.ts says why the download does not go through node:http).
//    The gateway's CPU per download is shown beside them, and the client's CPU for a plain read
//    and for receiving the same bytes over HTTP.
// 2. Seek latency: `Range` requests of 256 KB at random offsets: p95, target < 50 ms.
// 3. The gateway process's resident memory while 10 clients download the video at once: growth
//    over the idle figure, target < 64 MB (bytes must stream, never sit in memory).
// 4. Time to first frame of a ritual at 1.5 Mbit/s in Chromium: its original file against its HLS
//    stream (video-first-frame.ts), median of several runs.
// The HTTP clients run in a child process (storage-client.ts): node:http, keep-alive, bodies
// counted and dropped, so neither their CPU nor their memory is counted as the gateway's.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';
import { step } from '../lib/log.ts';
import { startLocalStack } from '../stack/launch.ts';
import { evictFromPageCache, residentBytes } from './page-cache.ts';
import type { ClientRequest, Timed } from './storage-client.ts';
import { firstFrameRows, measureFirstFrame } from './video-first-frame.ts';
import { formatMs, median, percentile } from './stats.ts';

const videoSize = 200 * 1024 * 1024;
const streamRuns = Number(process.env.BENCH_RUNS ?? 7);
const seekRuns = 300;
const seekLength = 256 * 1024;
const parallel = 10;
const firstFrameRuns = Number(process.env.BENCH_FIRST_FRAME_RUNS ?? 5);
const targets = { ratio: 1.5, seekP95: 50, memoryMb: 64 };

const agent = new Agent({ keepAlive: true, maxSockets: parallel });

/** One HTTP exchange; the response body is counted and dropped. */
function exchange(method: string, url: string, headers: Record<string, string | number>, body?: Readable): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let bytes = 0;
      let text = '';
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (text.length < 1000) text += chunk.toString('utf8', 0, Math.min(chunk.length, 1000));
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-storage-'));
const videoPath = join(scratch, 'rituel.mp4');
const stack = await startLocalStack({ persistent: false, siteUrl: `http://127.0.0.1:${await freePort()}` });
let failed = false;
try {
  step('a 200 MB video on disk, uploaded by TUS into a private bucket');
  await pipeline(
    (function* () {
      for (let at = 0; at < videoSize; at += 1024 * 1024) yield randomBytes(1024 * 1024);
    })(),
    createWriteStream(videoPath),
  );
  const service = { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` };
  const storage = `${stack.apiUrl}/storage/v1`;
  const json = (value: unknown) => ({ 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(JSON.stringify(value)) });
  const bucket = { name: 'bench-videos', public: false };
  const made = await new Promise<number>((resolve, reject) => {
    const req = request(`${storage}/bucket`, { method: 'POST', headers: { ...service, ...json(bucket) }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(JSON.stringify(bucket));
  });
  if (made !== 200) throw new Error(`bucket creation answered ${made}`);
  const meta = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
  const created = await exchange('POST', `${storage}/upload/resumable`, {
    ...service,
    'Tus-Resumable': '1.0.0',
    'Upload-Length': videoSize,
    'Upload-Metadata': meta({ bucketName: 'bench-videos', objectName: 'rituels/rituel.mp4', contentType: 'video/mp4' }),
  });
  if (created.status !== 201) throw new Error(`TUS creation answered ${created.status}: ${created.text}`);
  const patched = await exchange(
    'PATCH',
    created.headers.location!,
    { ...service, 'Tus-Resumable': '1.0.0', 'Upload-Offset': 0, 'Content-Type': 'application/offset+octet-stream', 'Content-Length': videoSize },
    createReadStream(videoPath),
  );
  if (patched.status !== 204) throw new Error(`TUS PATCH answered ${patched.status}: ${patched.text}`);

  // The gateway reads its own copy of the bytes: the object's version file in the stack's storage.
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const stored = await db.query<{ version: string }>("select version from storage.objects where bucket_id = 'bench-videos' and name = 'rituels/rituel.mp4'");
  await db.end();
  const storedPath = join(stack.storageDir, 'objects', stored.rows[0]!.version);

  const cold = { disk: [] as number[], gateway: [] as number[] };
  const warm = { disk: [] as number[], gateway: [] as number[] };
  // The reading process's CPU per page-cache run: a plain read's, against receiving the same bytes over HTTP.
  const clientCpu = { disk: [] as number[], gateway: [] as number[] };
  let warmMisses = 0;
  const gatewayCpu: number[] = [];
  const seeks: number[] = [];
  let idle = 0;
  let peak = 0;
  const signed = await new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({ expiresIn: 3600 });
    const req = request(`${storage}/object/sign/bench-videos/rituels/rituel.mp4`, { method: 'POST', headers: { ...service, ...json({ expiresIn: 3600 }) }, agent }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve(`${storage}${(JSON.parse(text) as { signedURL: string }).signedURL}`));
    });
    req.on('error', reject);
    req.end(body);
  });

  const client = fork(join(dirname(fileURLToPath(import.meta.url)), 'storage-client.ts'), { execArgv: ['--import', 'tsx'] });
  const ask = (message: ClientRequest) =>
    new Promise<unknown>((resolve, reject) => {
      client.once('message', (reply: { result?: unknown; error?: string }) => (reply.error ? reject(new Error(reply.error)) : resolve(reply.result)));
      client.send(message);
    });
  try {
    step(`streaming 200 MB: gateway vs disk, ${streamRuns} runs each, from disk (page cache evicted) and from the page cache`);
    await ask({ kind: 'disk', path: videoPath, size: videoSize });
    await ask({ kind: 'stream', url: signed, size: videoSize });
    const timed = async (message: ClientRequest) => (await ask(message)) as Timed;
    for (let i = 0; i < streamRuns; i++) {
      await evictFromPageCache(videoPath);
      cold.disk.push((await timed({ kind: 'disk', path: videoPath, size: videoSize })).ms);
      await evictFromPageCache(storedPath);
      cold.gateway.push((await timed({ kind: 'stream', url: signed, size: videoSize })).ms);
      // The cold reads just cached both files; another process's memory pressure may drop some.
      for (const path of [videoPath, storedPath]) if ((residentBytes(path) ?? videoSize) < videoSize) warmMisses++;
      const read = await timed({ kind: 'disk', path: videoPath, size: videoSize });
      warm.disk.push(read.ms);
      clientCpu.disk.push(read.cpuMs);
      const cpu = process.cpuUsage();
      const streamed = await timed({ kind: 'stream', url: signed, size: videoSize });
      const used = process.cpuUsage(cpu);
      warm.gateway.push(streamed.ms);
      clientCpu.gateway.push(streamed.cpuMs);
      gatewayCpu.push((used.user + used.system) / 1000);
    }

    step(`seek latency: ${seekRuns} Range requests of 256 KB at random offsets`);
    seeks.push(...((await ask({ kind: 'seek', url: signed, size: videoSize, length: seekLength, runs: seekRuns })) as number[]));

    step(`gateway resident memory during ${parallel} parallel downloads`);
    idle = peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    await ask({ kind: 'parallel', url: signed, size: videoSize, count: parallel });
    clearInterval(sampler);
  } finally {
    client.kill();
  }
  step(`time to first frame at 1.5 Mbit/s in Chromium: original vs HLS, ${firstFrameRuns} runs each`);
  const firstFrame = await measureFirstFrame(stack, firstFrameRuns);
  const ratio = median(cold.gateway) / median(cold.disk);
  const warmRatio = median(warm.gateway) / median(warm.disk);
  const growthMb = (peak - idle) / (1024 * 1024);

  const rows = [
    ['stream 200 MB from disk, gateway (median)', formatMs(median(cold.gateway)), ''],
    ['read 200 MB from disk (median)', formatMs(median(cold.disk)), ''],
    ['ratio gateway / disk, from disk', ratio.toFixed(2), `< ${targets.ratio}`],
    ['stream 200 MB from page cache, gateway', formatMs(median(warm.gateway)), ''],
    ['read 200 MB from page cache', formatMs(median(warm.disk)), ''],
    ['ratio gateway / disk, page cache', warmRatio.toFixed(2), ''],
    ['gateway CPU per download (page cache)', formatMs(median(gatewayCpu)), ''],
    ['client CPU receiving it over HTTP', formatMs(median(clientCpu.gateway)), ''],
    ['client CPU reading it from page cache', formatMs(median(clientCpu.disk)), ''],
    ['Range seek p50', formatMs(median(seeks)), ''],
    ['Range seek p95', formatMs(percentile(seeks, 95)), `< ${targets.seekP95} ms`],
    [`RSS growth, ${parallel} parallel downloads`, `${growthMb.toFixed(1)} MB`, `< ${targets.memoryMb} MB`],
    ...firstFrameRows(firstFrame),
  ];
  console.log('');
  for (const [what, value, target] of rows) console.log(`${what!.padEnd(50)} ${value!.padStart(12)}  ${target}`);
  if (residentBytes(videoPath) === undefined) console.log('(fincore not installed: the evictions were not checked)');
  if (warmMisses) console.log(`(${warmMisses} page-cache runs found their file partly evicted by memory pressure)`);
  const misses = [
    ratio >= targets.ratio && `streaming ratio from disk ${ratio.toFixed(2)} ≥ ${targets.ratio}`,
    percentile(seeks, 95) >= targets.seekP95 && `seek p95 ${formatMs(percentile(seeks, 95))} ≥ ${targets.seekP95} ms`,
    growthMb >= targets.memoryMb && `memory growth ${growthMb.toFixed(1)} MB ≥ ${targets.memoryMb} MB`,
  ].filter(Boolean);
  if (misses.length) {
    console.error(`\ntargets missed: ${misses.join('; ')}`);
    failed = true;
  }
} finally {
  agent.destroy();
  await stack.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
