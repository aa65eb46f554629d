// A video's HLS stream and subtitles as `issue-download` sends them with the viewer's link: the
// master playlist (relative URIs) and its media playlists, whose segments are each a signed URL
// of Storage. The page serves the playlists to the player itself, as blob: URLs: nothing of the
// stream is fetched but its signed segments.
import { rewritePlaylist } from '@functions-shared/hls-playlist.ts';

export interface VideoStream {
  master: string;
  /** Media playlist text by the URI the master names it with. */
  playlists: Record<string, string>;
}

export interface SubtitleTrack {
  language: string;
  label: string;
  url: string;
}

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//.test(value);

/** The answer's `hls`, checked; null when absent or malformed (the viewer then plays the original). */
export function videoStreamOf(value: unknown): VideoStream | null {
  const stream = value as { master?: unknown; playlists?: unknown } | null | undefined;
  if (!stream || typeof stream.master !== 'string' || !stream.master.startsWith('#EXTM3U')) return null;
  if (!stream.playlists || typeof stream.playlists !== 'object') return null;
  const playlists = Object.entries(stream.playlists as Record<string, unknown>);
  if (playlists.length === 0 || playlists.some(([, text]) => typeof text !== 'string' || !text.startsWith('#EXTM3U'))) return null;
  return { master: stream.master, playlists: Object.fromEntries(playlists) as Record<string, string> };
}

/** The answer's `subtitles`, keeping the well-formed tracks only. */
export function subtitleTracksOf(value: unknown): SubtitleTrack[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (track: { language?: unknown; label?: unknown; url?: unknown }): track is SubtitleTrack =>
      typeof track?.language === 'string' && typeof track.label === 'string' && isHttpUrl(track.url),
  );
}

const playlistType = 'application/vnd.apple.mpegurl';

/** A blob: URL of the master playlist, whose media playlists are blob: URLs too; `revoke` frees them all. */
export function streamUrl(stream: VideoStream): { url: string; revoke(): void } {
  const created: string[] = [];
  const blobUrl = (text: string) => {
    const url = URL.createObjectURL(new Blob([text], { type: playlistType }));
    created.push(url);
    return url;
  };
  const media = new Map(Object.entries(stream.playlists).map(([uri, text]) => [uri, blobUrl(text)]));
  const url = blobUrl(rewritePlaylist(stream.master, (uri) => media.get(uri) ?? uri));
  return { url, revoke: () => created.forEach((u) => URL.revokeObjectURL(u)) };
}
