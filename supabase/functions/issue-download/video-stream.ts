// What the viewer needs to stream a video over HLS, all under the buyer's entitlement: once
// `issue_download_link` has opened the video to the caller, its stream's playlists are read as the
// caller (the storage policy opens a stream's and a subtitle's objects with the video itself), and
// every segment and init section they name is replaced by a Storage signed URL of its own, signed
// as the caller, as short-lived as the viewer's link. The master playlist keeps its relative URIs;
// the media playlists come beside it, keyed by them, for the page to serve to its player.
import type { SupabaseClient } from '@supabase/supabase-js';
import { playlistUris, rewritePlaylist } from '../_shared/hls-playlist.ts';
import { deliverablesBucket } from './buyer-copy.ts';

export interface VideoStream {
  master: string;
  /** Each media playlist the master names (by its URI there), with signed segment URLs. */
  playlists: Record<string, string>;
}

export interface SubtitleTrack {
  language: string;
  label: string;
  url: string;
}

/** The folder of a path, with its trailing slash: `a/b/c.m3u8` → `a/b/`. */
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** A relative URI of a playlist in the bucket, as an object path; absolute or climbing ones are refused. */
function objectOf(folder: string, uri: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.split('/').includes('..')) {
    throw new Error(`playlist URI ${uri} is not a relative path`);
  }
  return folder + uri;
}

async function readText(caller: SupabaseClient, path: string): Promise<string> {
  const { data, error } = await caller.storage.from(deliverablesBucket).download(path);
  if (error) throw new Error(`reading ${path}: ${error.message}`);
  return await data.text();
}

/** The video's HLS stream for the caller, or null while it has none (the viewer plays the original). */
export async function videoStream(caller: SupabaseClient, sourcePath: string, seconds: number): Promise<VideoStream | null> {
  const { data: row, error } = await caller.from('video_streams').select('master_path').eq('source_path', sourcePath).maybeSingle<{ master_path: string }>();
  if (error) throw new Error(`reading the stream of ${sourcePath}: ${error.message}`);
  if (!row) return null;

  const master = await readText(caller, row.master_path);
  const masterFolder = folderOf(row.master_path);
  const media = await Promise.all(
    playlistUris(master).map(async (uri) => {
      const path = objectOf(masterFolder, uri);
      return { uri, folder: folderOf(path), text: await readText(caller, path) };
    }),
  );

  const objects = [...new Set(media.flatMap((m) => playlistUris(m.text).map((uri) => objectOf(m.folder, uri))))];
  const { data: signed, error: signError } = await caller.storage.from(deliverablesBucket).createSignedUrls(objects, seconds);
  if (signError) throw new Error(`signing the segments of ${sourcePath}: ${signError.message}`);
  const urls = new Map<string, string>();
  for (const entry of signed) {
    if (entry.error || !entry.path || !entry.signedUrl) throw new Error(`signing ${entry.path}: ${entry.error}`);
    urls.set(entry.path, entry.signedUrl);
  }

  const playlists: Record<string, string> = {};
  for (const m of media) playlists[m.uri] = rewritePlaylist(m.text, (uri) => urls.get(objectOf(m.folder, uri))!);
  return { master, playlists };
}

/** The video's subtitle tracks, each a signed URL as short-lived as the viewer's link. */
export async function subtitleTracks(caller: SupabaseClient, sourcePath: string, seconds: number): Promise<SubtitleTrack[]> {
  const { data: rows, error } = await caller
    .from('video_subtitles')
    .select('language, label, object_path')
    .eq('source_path', sourcePath)
    .order('language')
    .returns<Array<{ language: string; label: string; object_path: string }>>();
  if (error) throw new Error(`reading the subtitles of ${sourcePath}: ${error.message}`);
  if (rows.length === 0) return [];
  const { data: signed, error: signError } = await caller.storage.from(deliverablesBucket).createSignedUrls(rows.map((r) => r.object_path), seconds);
  if (signError) throw new Error(`signing the subtitles of ${sourcePath}: ${signError.message}`);
  return rows.map((row, index) => {
    const url = signed[index]?.signedUrl;
    if (!url) throw new Error(`signing ${row.object_path}: ${signed[index]?.error}`);
    return { language: row.language, label: row.label, url };
  });
}
