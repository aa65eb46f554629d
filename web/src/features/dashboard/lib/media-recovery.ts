// What the audio/video viewer does when the browser's player reports an error.
import { isExpired, type DeliveryLink } from '@/features/dashboard/lib/delivery-link';

export type MediaRecovery = 'renew' | 'network' | 'unsupported';

/** A link this young cannot have expired: its failure is the network's or the file's. */
export const FRESH_LINK_MS = 30_000;

/** MediaError codes (the DOM's MediaError constants, which jsdom lacks). */
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_DECODE = 3;

/**
 * After a player error: a link that has run out (or an older one Storage may have refused) is
 * renewed and the player resumes where it was; with a fresh link, a network error is the
 * network's, and anything else means this browser cannot play the file.
 */
export function mediaRecovery(errorCode: number, link: DeliveryLink, now: number): MediaRecovery {
  if (isExpired(link, now)) return 'renew';
  if (errorCode === MEDIA_ERR_DECODE) return 'unsupported';
  if (now - link.receivedAt >= FRESH_LINK_MS) return 'renew';
  return errorCode === MEDIA_ERR_NETWORK ? 'network' : 'unsupported';
}
