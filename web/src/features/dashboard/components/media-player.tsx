// Audio and video in the browser's own players, streaming the signed link (Storage answers the
// players' Range requests, so seeking works). When the link runs out mid-listening the player
// errors on its next request: a new link is asked and the player resumes where it was.
import { useRef, useState, type SyntheticEvent } from 'react';
import { DeliveryError, toDeliveryError } from '@/features/dashboard/lib/delivery-errors';
import type { LinkSource } from '@/features/dashboard/lib/link-renewal';
import { mediaRecovery } from '@/features/dashboard/lib/media-recovery';

interface MediaPlayerProps {
  source: LinkSource;
  kind: 'audio' | 'video';
  title: string;
  onFailure(error: DeliveryError): void;
}

export function MediaPlayer({ source, kind, title, onFailure }: MediaPlayerProps) {
  const [link, setLink] = useState(source.current);
  const playing = useRef(false);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);

  const handleError = (event: SyntheticEvent<HTMLMediaElement>) => {
    const player = event.currentTarget;
    if (!player.error) return;
    const recovery = mediaRecovery(player.error.code, link, Date.now());
    if (recovery !== 'renew') {
      onFailure(new DeliveryError(recovery));
      return;
    }
    resume.current = { time: player.currentTime, playing: playing.current };
    source.renew().then(setLink, async (error: unknown) => onFailure(await toDeliveryError(error)));
  };

  const handleLoadedMetadata = (event: SyntheticEvent<HTMLMediaElement>) => {
    const at = resume.current;
    if (!at) return;
    resume.current = null;
    const player = event.currentTarget;
    player.currentTime = at.time;
    // A browser that will not start by itself leaves the play button to the customer.
    if (at.playing) void player.play().catch(() => undefined);
  };

  const playerProps = {
    src: link.url,
    controls: true,
    preload: 'metadata',
    'aria-label': `${kind === 'video' ? 'Vidéo' : 'Audio'} : ${title}`,
    onError: handleError,
    onLoadedMetadata: handleLoadedMetadata,
    onPlay: () => (playing.current = true),
    onPause: () => (playing.current = false),
  } as const;

  return (
    <div className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      {kind === 'video' ? <video {...playerProps} className="aspect-video w-full rounded-2xl bg-plum-900" /> : <audio {...playerProps} className="w-full" />}
    </div>
  );
}
