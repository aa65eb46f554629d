// A video as HLS, made with Debian's ffmpeg: a small ladder of H.264/AAC renditions (360p and
// 720p, never above the source's own height) cut into 2-second fMP4 segments (short, so the first
// frame comes after little data), each with its media playlist, and a master playlist naming them.
// fMP4 needs no transmuxing in hls.js and is what Safari's native HLS plays too.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Heights of the ladder and the video bitrate each is encoded at (kbit/s). */
export const ladder = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2500 },
] as const;

export const segmentSeconds = 2;

export interface SourceInfo {
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Rendition {
  /** The folder of its playlist and segments, relative to the master: `360p`. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second over its segments (the master's BANDWIDTH). */
  bandwidth: number;
  codecs: string;
}

export async function probe(file: string): Promise<SourceInfo> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', file]);
  const streams = (JSON.parse(stdout) as { streams: Array<{ codec_type: string; width?: number; height?: number }> }).streams;
  const video = streams.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height) throw new Error(`${file} has no video stream`);
  return { width: video.width, height: video.height, hasAudio: streams.some((stream) => stream.codec_type === 'audio') };
}

/** The rungs at or below the source's height; a source smaller than every rung gets one at its own. */
export function ladderFor(source: SourceInfo): Array<{ height: number; videoKbps: number }> {
  const rungs = ladder.filter((rung) => rung.height <= source.height);
  return rungs.length > 0 ? rungs : [{ height: source.height - (source.height % 2), videoKbps: ladder[0].videoKbps }];
}

/** RFC 6381's `avc1.PPCCLL`: profile, constraints and level, as the init section's avcC box holds them. */
export function avcCodecOf(init: Buffer): string {
  const box = init.indexOf('avcC');
  if (box < 0 || box + 8 > init.length) throw new Error('the init section has no avcC box');
  return `avc1.${init.subarray(box + 5, box + 8).toString('hex')}`;
}

/** The peak bit rate of a media playlist's segments, read from their sizes and EXTINF durations. */
function peakBandwidth(dir: string): number {
  const lines = readFileSync(join(dir, 'index.m3u8'), 'utf8').split('\n');
  const init = statSync(join(dir, 'init.mp4')).size;
  let peak = 0;
  for (let i = 0; i < lines.length; i++) {
    const duration = /^#EXTINF:([\d.]+)/.exec(lines[i]!)?.[1];
    if (!duration) continue;
    const bytes = statSync(join(dir, lines[i + 1]!.trim())).size + init;
    peak = Math.max(peak, (bytes * 8) / Math.max(Number(duration), 0.5));
  }
  return Math.ceil(peak);
}

async function encodeRendition(input: string, outDir: string, source: SourceInfo, rung: { height: number; videoKbps: number }): Promise<Rendition> {
  const name = `${rung.height}p`;
  const dir = join(outDir, name);
  mkdirSync(dir, { recursive: true });
  const audio = source.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : [];
  await run('ffmpeg', [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input,
    '-map', '0:v:0', '-vf', `scale=-2:${rung.height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-b:v', `${rung.videoKbps}k`, '-maxrate', `${Math.round(rung.videoKbps * 1.2)}k`, '-bufsize', `${rung.videoKbps * 2}k`,
    // A keyframe at every segment's start, so every segment can be played (and seeked to) alone.
    '-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`, '-sc_threshold', '0',
    ...audio,
    '-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', join(dir, 'segment-%04d.m4s'),
    join(dir, 'index.m3u8'),
  ], { maxBuffer: 16 * 1024 * 1024 });
  const codecs = [avcCodecOf(readFileSync(join(dir, 'init.mp4'))), ...(source.hasAudio ? ['mp4a.40.2'] : [])].join(',');
  const encoded = await probe(join(dir, 'init.mp4'));
  return { name, width: encoded.width, height: encoded.height, bandwidth: peakBandwidth(dir), codecs };
}

export function masterPlaylist(renditions: Rendition[]): string {
  // The lowest first: hls.js starts with the first listed while it measures the connection.
  const sorted = [...renditions].sort((a, b) => a.bandwidth - b.bandwidth);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...sorted.flatMap((r) => [`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`, `${r.name}/index.m3u8`]),
    '',
  ].join('\n');
}

/** Transcodes `input` into `outDir` (master.m3u8 and one folder per rendition); the renditions made. */
export async function transcodeToHls(input: string, outDir: string): Promise<Rendition[]> {
  const source = await probe(input);
  const renditions: Rendition[] = [];
  // One at a time: the machine's CPUs go to one encoder, which uses them all.
  for (const rung of ladderFor(source)) renditions.push(await encodeRendition(input, outDir, source, rung));
  writeFileSync(join(outDir, 'master.m3u8'), masterPlaylist(renditions));
  return renditions;
}

/** Every file of the HLS folder, relative to it, playlists last (so a half-uploaded stream names nothing missing). */
export function hlsFiles(outDir: string): string[] {
  const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(outDir, name)).isFile());
  const rank = (name: string) => (name === 'master.m3u8' ? 2 : name.endsWith('.m3u8') ? 1 : 0);
  return files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
