// `npm run media:transcode`: transcodes to HLS every product video that has no stream yet
// (transcode-pending.ts), on the hosted project named by SUPABASE_URL and SUPABASE_SECRET_KEY, or
// on the local stack `npm start` runs when they are not set. Run it by hand after uploading a
// video, or on a schedule (docs/operations.md); a run with nothing pending does nothing.
import { done, failed, step } from '../lib/log.ts';
import { resolveProject, SettingMissing } from '../backup/settings.ts';
import { transcodePendingVideos } from './transcode-pending.ts';

function project(): { apiUrl: string; secretKey: string } {
  const apiUrl = process.env.SUPABASE_URL;
  const secretKey = process.env.SUPABASE_SECRET_KEY;
  if (apiUrl && secretKey) return { apiUrl: apiUrl.replace(/\/$/, ''), secretKey };
  return resolveProject(undefined);
}

try {
  const { apiUrl, secretKey } = project();
  const { made, failed: failures } = await transcodePendingVideos(apiUrl, secretKey, { onStart: (path) => step(`transcoding ${path}`) });
  for (const video of made) {
    done(`${video.sourcePath}: ${video.renditions.map((r) => `${r.height}p ${Math.round(r.bandwidth / 1000)} kbit/s`).join(', ')} in ${video.seconds.toFixed(1)} s`);
  }
  for (const failure of failures) failed(`${failure.sourcePath} was not transcoded (it stays pending): ${failure.reason}`);
  if (made.length === 0 && failures.length === 0) done('every video already has its HLS renditions');
  if (failures.length > 0) process.exitCode = 1;
} catch (error) {
  failed(error instanceof SettingMissing ? error.message : `the transcode stopped: ${(error as Error).message}`);
  process.exitCode = 1;
}
