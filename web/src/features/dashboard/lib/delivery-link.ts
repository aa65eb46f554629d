// A signed link to one order item's file, as `issue-download` answers it, and when it runs out.
import { DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import { fileKind, type FileKind } from '@/features/dashboard/lib/library-items';
import { subtitleTracksOf, videoStreamOf, type SubtitleTrack, type VideoStream } from '@/features/dashboard/lib/video-stream';

export interface DeliveryLink {
  url: string;
  fileName: string;
  kind: FileKind;
  /** Epoch milliseconds (the server's clock) after which Storage refuses the link. */
  expiresAt: number;
  /** Epoch milliseconds (this browser's clock) when the link arrived. */
  receivedAt: number;
  /** A video's HLS stream, once transcoded (the viewer's link only). */
  stream?: VideoStream;
  /** A video's subtitle tracks (the viewer's link only). */
  subtitles?: SubtitleTrack[];
}

/** A request started this close to the end of a link would reach Storage after it. */
export const EXPIRY_MARGIN_MS = 5_000;

export function isExpired(link: DeliveryLink, now: number): boolean {
  return now >= link.expiresAt - EXPIRY_MARGIN_MS;
}

/** `expires_at` as an ISO date, or as seconds since the epoch (a JWT's `exp`). */
function epochMs(value: unknown): number {
  if (typeof value === 'number') return value * 1000;
  if (typeof value === 'string') return Date.parse(value);
  return Number.NaN;
}

/** The function's 200 answer `{ url, file_name, file_type, expires_at }` (and a video's `hls`, `subtitles`), checked. */
export function deliveryLinkOf(data: unknown, now: number): DeliveryLink {
  const answer = (data ?? {}) as { url?: unknown; file_name?: unknown; file_type?: unknown; expires_at?: unknown; hls?: unknown; subtitles?: unknown };
  const expiresAt = epochMs(answer.expires_at);
  if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url) || Number.isNaN(expiresAt)) throw new DeliveryError('failed');
  const fileName = typeof answer.file_name === 'string' && answer.file_name.trim() ? answer.file_name.trim() : 'fichier';
  const link: DeliveryLink = { url: answer.url, fileName, kind: fileKind(typeof answer.file_type === 'string' ? answer.file_type : null), expiresAt, receivedAt: now };
  const stream = videoStreamOf(answer.hls);
  if (stream) link.stream = stream;
  if (answer.subtitles !== undefined) link.subtitles = subtitleTracksOf(answer.subtitles);
  return link;
}

/** The file's name without its extension, as a heading reads it. */
export function titleOf(fileName: string): string {
  return fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || fileName;
}
