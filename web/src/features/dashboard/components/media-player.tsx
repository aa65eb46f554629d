// Audio and video in the browser's own players, streaming the signed link (Storage answers the
// players' Range requests, so seeking works). When the link runs out mid-listening the player
// errors on its next request: a new link is asked and the player resumes where it was. The player
// opens at the second the buyer last reached (on any device), offering to resume there or start
// again, and saves the second as it plays, on pause, at the end and when the page goes.
// A ritual transcoded to HLS streams through hls.js instead (use-hls-playback.ts), its segments
// each a signed link renewed the same way; its subtitles are the video's tracks, French shown.
import { useRef, useState, type SyntheticEvent } from 'react';
import { ResumePrompt } from '@/features/dashboard/components/resume-prompt';
import { playsOverHls, useHlsPlayback } from '@/features/dashboard/hooks/use-hls-playback';
import { usePositionSaver } from '@/features/dashboard/hooks/use-position-saver';
import { DeliveryError, toDeliveryError } from '@/features/dashboard/lib/delivery-errors';
import type { LinkSource } from '@/features/dashboard/lib/link-renewal';
import { mediaRecovery } from '@/features/dashboard/lib/media-recovery';
import { isResumable, type ReadingPosition } from '@/features/dashboard/lib/reading-position';

interface MediaPlayerProps {
  source: LinkSource;
  orderItemId: string;
  /** Where the buyer stopped, if anywhere. */
  saved: ReadingPosition | null;
  kind: 'audio' | 'video';
  title: string;
  onFailure(error: DeliveryError): void;
}

/** MediaError's MEDIA_ERR_NETWORK: what a stream's fatal network error amounts to. */
const MEDIA_ERR_NETWORK = 2;

/** While playing, the second is saved every ten seconds at most. */
const SAVE_INTERVAL_MS = 10_000;

/** A second the database accepts: within the length, to a tenth. */
const secondOf = (time: number, duration: number) => Math.min(Math.round(time * 10) / 10, duration);

export function MediaPlayer({ source, orderItemId, saved, kind, title, onFailure }: MediaPlayerProps) {
  const [link, setLink] = useState(source.current);
  const savedSecond = saved?.unit === 'second' ? saved : null;
  const [offer, setOffer] = useState(savedSecond && isResumable(savedSecond) ? savedSecond : null);
  const playing = useRef(false);
  const placed = useRef(false);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const playerRef = useRef<HTMLMediaElement | null>(null);
  const { report } = usePositionSaver(orderItemId, 'second', SAVE_INTERVAL_MS);

  const save = (player: HTMLMediaElement, now = false) => {
    // Nothing is saved before the player stands at the saved place: opening must not erase it.
    if (!placed.current || !Number.isFinite(player.duration) || player.duration <= 0) return;
    report(secondOf(player.currentTime, player.duration), player.duration, now);
  };

  const stream = kind === 'video' && link.stream && playsOverHls() ? link.stream : null;
  const subtitles = kind === 'video' ? (link.subtitles ?? []) : [];

  const recover = (player: HTMLMediaElement, errorCode: number) => {
    const recovery = mediaRecovery(errorCode, link, Date.now());
    if (recovery !== 'renew') {
      onFailure(new DeliveryError(recovery));
      return;
    }
    resume.current = { time: player.currentTime, playing: playing.current };
    source.renew().then(setLink, async (error: unknown) => onFailure(await toDeliveryError(error)));
  };

  useHlsPlayback(playerRef, stream, {
    onNetworkFailure: () => playerRef.current && recover(playerRef.current, MEDIA_ERR_NETWORK),
    onUnplayable: () => onFailure(new DeliveryError('unsupported')),
  });

  const handleError = (event: SyntheticEvent<HTMLMediaElement>) => {
    const player = event.currentTarget;
    // Over HLS, hls.js reports the stream's errors (above).
    if (!player.error || stream) return;
    recover(player, player.error.code);
  };

  const handleLoadedMetadata = (event: SyntheticEvent<HTMLMediaElement>) => {
    const player = event.currentTarget;
    const at = resume.current;
    if (!at) {
      // First opening: stand at the saved place, and count this as the item last opened.
      if (!placed.current && offer) player.currentTime = Math.min(offer.position, player.duration || offer.position);
      placed.current = true;
      // A recording heard to its end stays « Terminé » until it is played again.
      if (savedSecond && !offer) report(savedSecond.position, savedSecond.length, true);
      else save(player, true);
      return;
    }
    resume.current = null;
    player.currentTime = at.time;
    // A browser that will not start by itself leaves the play button to the customer.
    if (at.playing) void player.play().catch(() => undefined);
  };

  const startAt = (time: number) => {
    const player = playerRef.current;
    setOffer(null);
    if (!player) return;
    player.currentTime = time;
    void player.play().catch(() => undefined);
  };

  const playerProps = {
    src: stream ? undefined : link.url,
    controls: true,
    preload: 'metadata',
    'aria-label': `${kind === 'video' ? 'Vidéo' : 'Audio'} : ${title}`,
    onError: handleError,
    onLoadedMetadata: handleLoadedMetadata,
    onPlay: () => {
      playing.current = true;
      setOffer(null);
    },
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      playing.current = false;
      save(event.currentTarget, true);
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLMediaElement>) => save(event.currentTarget),
    onSeeked: (event: SyntheticEvent<HTMLMediaElement>) => save(event.currentTarget),
    onEnded: (event: SyntheticEvent<HTMLMediaElement>) => save(event.currentTarget, true),
  } as const;

  return (
    <div className="space-y-4">
      {offer ? <ResumePrompt saved={offer} onResume={() => startAt(offer.position)} onRestart={() => startAt(0)} /> : null}
      <div className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
        {kind === 'video' ? (
          // Subtitles come from Storage's origin: the video asks for them with CORS.
          <video
            ref={(element) => void (playerRef.current = element)}
            {...playerProps}
            crossOrigin={subtitles.length > 0 ? 'anonymous' : undefined}
            className="aspect-video w-full rounded-2xl bg-plum-900"
          >
            {subtitles.map((track) => (
              <track key={track.language} kind="subtitles" srcLang={track.language} label={track.label} src={track.url} default={track.language === 'fr'} />
            ))}
          </video>
        ) : (
          <audio ref={(element) => void (playerRef.current = element)} {...playerProps} className="w-full" />
        )}
      </div>
    </div>
  );
}
