// A product video's streaming side on the products page: whether `media:transcode` has made its
// HLS renditions yet, and its subtitle tracks, which the administrator attaches (a .vtt stored
// beside the video, then recorded by an administrators-only database function) and removes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { deleteUnusedObject } from '@/features/admin/api/attach-variant-file';
import { FileActionError, subtitlesFailed, subtitlesNotVtt, subtitlesRemoveFailed } from '@/features/admin/lib/file-messages';
import { supabase } from '@/lib/supabase';

export interface VideoMedia {
  /** The renditions' heights once transcoded, null until then. */
  heights: number[] | null;
  subtitles: Array<{ language: string; label: string }>;
}

export async function getVideoMedia(sourcePath: string): Promise<VideoMedia> {
  const [stream, subtitles] = await Promise.all([
    supabase.from('video_streams').select('heights').eq('source_path', sourcePath).maybeSingle(),
    supabase.from('video_subtitles').select('language, label').eq('source_path', sourcePath).order('language'),
  ]);
  if (stream.error) throw stream.error;
  if (subtitles.error) throw subtitles.error;
  return { heights: stream.data?.heights ?? null, subtitles: subtitles.data };
}

export function useVideoMedia(sourcePath: string) {
  return useQuery(queryOptions({ queryKey: adminKeys.videoMedia(sourcePath), queryFn: () => getVideoMedia(sourcePath) }));
}

interface SubtitlesUpload {
  sourcePath: string;
  language: string;
  label: string;
  file: File;
}

/** Stores the track beside the video (replacing that language's), then records it. */
export async function attachSubtitles({ sourcePath, language, label, file }: SubtitlesUpload): Promise<void> {
  const text = await file.text();
  if (!/^\uFEFF?WEBVTT(\s|$)/.test(text)) throw new FileActionError(subtitlesNotVtt);
  const { error: uploadError } = await supabase.storage
    .from('deliverables')
    .upload(`${sourcePath}.subtitles/${language}.vtt`, new Blob([text], { type: 'text/vtt' }), { contentType: 'text/vtt', upsert: true });
  if (uploadError) throw new FileActionError(subtitlesFailed);
  const { error } = await supabase.rpc('admin_set_video_subtitles', { p_source_path: sourcePath, p_language: language, p_label: label });
  if (error) throw new FileActionError(subtitlesFailed);
}

export async function removeSubtitles({ sourcePath, language }: { sourcePath: string; language: string }): Promise<void> {
  const { data: removed, error } = await supabase.rpc('admin_remove_video_subtitles', { p_source_path: sourcePath, p_language: language });
  if (error) throw new FileActionError(subtitlesRemoveFailed);
  if (removed) await deleteUnusedObject(removed);
}

export function useAttachSubtitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachSubtitles,
    onSettled: (_data, _error, { sourcePath }) => queryClient.invalidateQueries({ queryKey: adminKeys.videoMedia(sourcePath) }),
  });
}

export function useRemoveSubtitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSubtitles,
    onSettled: (_data, _error, { sourcePath }) => queryClient.invalidateQueries({ queryKey: adminKeys.videoMedia(sourcePath) }),
  });
}
