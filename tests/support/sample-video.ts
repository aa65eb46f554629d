// A short sample video for the streaming tests, made with ffmpeg's test pattern and a tone: H.264
// and AAC in MP4, as an administrator would upload a ritual.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function makeSampleVideo(dir: string, options: { seconds: number; width: number; height: number }): string {
  const file = join(dir, `sample-${options.height}p.mp4`);
  execFileSync('ffmpeg', [
    '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${options.width}x${options.height}:rate=24:duration=${options.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${options.seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}
