import { describe, expect, it } from 'vitest';
import type { DeliveryLink } from '@/features/dashboard/lib/delivery-link';
import { FRESH_LINK_MS, mediaRecovery } from '@/features/dashboard/lib/media-recovery';

const receivedAt = Date.parse('2026-11-25T10:00:00Z');
const link: DeliveryLink = { url: 'https://x.test/a.wav', fileName: 'a.wav', kind: 'audio', expiresAt: receivedAt + 15 * 60_000, receivedAt };
const [NETWORK, DECODE, SRC_NOT_SUPPORTED] = [2, 3, 4];

describe('mediaRecovery', () => {
  it('renews a link that has run out, whatever the error, so the player resumes', () => {
    for (const code of [NETWORK, DECODE, SRC_NOT_SUPPORTED]) expect(mediaRecovery(code, link, link.expiresAt)).toBe('renew');
  });

  it('renews an older link Storage may have refused before its end (clocks apart)', () => {
    expect(mediaRecovery(SRC_NOT_SUPPORTED, link, receivedAt + FRESH_LINK_MS)).toBe('renew');
    expect(mediaRecovery(NETWORK, link, receivedAt + 10 * 60_000)).toBe('renew');
  });

  it('blames the network or the format when a fresh link fails, instead of asking links in a loop', () => {
    expect(mediaRecovery(NETWORK, link, receivedAt + 1000)).toBe('network');
    expect(mediaRecovery(SRC_NOT_SUPPORTED, link, receivedAt + 1000)).toBe('unsupported');
  });

  it('never renews for a file the browser cannot decode', () => {
    expect(mediaRecovery(DECODE, link, receivedAt + 10 * 60_000)).toBe('unsupported');
  });
});
