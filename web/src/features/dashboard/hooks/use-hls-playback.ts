// Plays a video's HLS stream in a <video> with hls.js (loaded with the first stream only), where
// the browser has Media Source Extensions; elsewhere the player plays the original file (see
// `playsOverHls`). The playlists are the page's own blob: URLs (video-stream.ts), the segments
// Storage's signed URLs. A fatal network error (a segment's link has run out, the connection
// dropped) is the player's `onNetworkFailure`, which renews the link: a new stream then replaces
// this one. A fatal media error is recovered once, then reported as unplayable.
import type Hls from 'hls.js';
import { useEffect, useRef, type RefObject } from 'react';
import { streamUrl, type VideoStream } from '@/features/dashboard/lib/video-stream';

interface HlsPlaybackOptions {
  onNetworkFailure(): void;
  onUnplayable(): void;
}

/** Whether this browser plays the stream through hls.js (MSE, or Safari's ManagedMediaSource). */
export function playsOverHls(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

export function useHlsPlayback(player: RefObject<HTMLMediaElement | null>, stream: VideoStream | null, options: HlsPlaybackOptions): void {
  // Read when an error comes, so the latest callbacks answer it; only a new stream starts again.
  const callbacks = useRef(options);
  callbacks.current = options;
  useEffect(() => {
    const media = player.current;
    if (!stream || !media) return;
    const { url, revoke } = streamUrl(stream);
    let hls: Hls | null = null;
    let closed = false;
    void import('hls.js').then(({ default: HlsPlayer }) => {
      if (closed) return;
      // No worker: its script would be a blob: worker the shop's CSP does not allow, and fMP4
      // segments need no transmuxing for it to do.
      hls = new HlsPlayer({ enableWorker: false, startLevel: 0, capLevelToPlayerSize: true });
      let recovered = false;
      hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          hls?.recoverMediaError();
        } else if (data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR) callbacks.current.onNetworkFailure();
        else callbacks.current.onUnplayable();
      });
      hls.loadSource(url);
      hls.attachMedia(media);
    }, () => callbacks.current.onUnplayable());
    return () => {
      closed = true;
      hls?.destroy();
      revoke();
    };
  }, [player, stream]);
}
