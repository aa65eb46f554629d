import { describe, expect, it } from 'vitest';
import { DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import { deliveryLinkOf, EXPIRY_MARGIN_MS, isExpired, titleOf } from '@/features/dashboard/lib/delivery-link';

const now = Date.parse('2026-11-25T10:00:00Z');

describe('deliveryLinkOf', () => {
  it("reads issue-download's answer", () => {
    const link = deliveryLinkOf({ url: 'http://127.0.0.1:54321/storage/v1/object/sign/deliverables/a.pdf?token=t', file_name: 'Le Chemin Intérieur.pdf', file_type: 'pdf', expires_at: '2026-11-25T10:15:00Z' }, now);
    expect(link).toEqual({ url: 'http://127.0.0.1:54321/storage/v1/object/sign/deliverables/a.pdf?token=t', fileName: 'Le Chemin Intérieur.pdf', kind: 'pdf', expiresAt: Date.parse('2026-11-25T10:15:00Z'), receivedAt: now });
  });

  it('takes an expiry in seconds since the epoch, as a JWT writes it', () => {
    expect(deliveryLinkOf({ url: 'https://x.test/f', file_name: 'f.wav', file_type: 'audio', expires_at: now / 1000 + 120 }, now).expiresAt).toBe(now + 120_000);
  });

  it('refuses an answer without a usable link or expiry', () => {
    expect(() => deliveryLinkOf(null, now)).toThrow(DeliveryError);
    expect(() => deliveryLinkOf({ url: 'javascript:alert(1)', expires_at: '2026-11-25T10:15:00Z' }, now)).toThrow(DeliveryError);
    expect(() => deliveryLinkOf({ url: 'https://x.test/f', expires_at: 'demain' }, now)).toThrow(DeliveryError);
  });

  it('calls an unknown file type other, and a nameless file « fichier »', () => {
    expect(deliveryLinkOf({ url: 'https://x.test/f', file_type: 'zip', file_name: ' ', expires_at: '2026-11-25T10:15:00Z' }, now)).toMatchObject({ kind: 'other', fileName: 'fichier' });
  });
});

describe('isExpired', () => {
  const link = deliveryLinkOf({ url: 'https://x.test/f', file_name: 'f.pdf', file_type: 'pdf', expires_at: '2026-11-25T10:15:00Z' }, now);

  it('holds a link until a few seconds before its end', () => {
    expect(isExpired(link, now)).toBe(false);
    expect(isExpired(link, link.expiresAt - EXPIRY_MARGIN_MS - 1)).toBe(false);
    expect(isExpired(link, link.expiresAt - EXPIRY_MARGIN_MS)).toBe(true);
  });
});

describe('titleOf', () => {
  it("drops the file name's extension", () => {
    expect(titleOf('Méditation de la Lumière Intérieure (20 minutes).wav')).toBe('Méditation de la Lumière Intérieure (20 minutes)');
    expect(titleOf('Le Souffle Sacré')).toBe('Le Souffle Sacré');
  });
});
