// A sample video for the streaming tests and bench:storage, made with ffmpeg's test pattern and a
// tone: H.264 and AAC in MP4 (its index first, as a camera's export or a web upload has it), as an
// administrator would upload a ritual.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** `grain`: moving noise over the pattern, so the encoder spends `videoKbps` as a filmed picture would (a bare test pattern compresses to a fraction of it). */
export function makeSampleVideo(dir: string, options: { seconds: number; width: number; height: number; videoKbps?: number; grain?: boolean }): string {
  const file = join(dir, `sample-${options.height}p.mp4`);
  execFileSync('ffmpeg', [
    '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${options.width}x${options.height}:rate=24:duration=${options.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${options.seconds}`,
    ...(options.grain ? ['-vf', 'noise=alls=24:allf=t+u'] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(options.videoKbps ? ['-b:v', `${options.videoKbps}k`] : []),
    '-c:a', 'aac', '-movflags', '+faststart', '-shortest', file,
  ]);
  return file;
}
