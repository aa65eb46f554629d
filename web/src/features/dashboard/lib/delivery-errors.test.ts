import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { DeliveryError, deliveryMessage, explanationOf, failureOf, toDeliveryError } from '@/features/dashboard/lib/delivery-errors';

const answer = (status: number, body: unknown) => new FunctionsHttpError(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('failureOf', () => {
  it("reads issue-download's codes, and its statuses when the code is missing", () => {
    expect(failureOf(404, 'file_unavailable')).toBe('unavailable');
    expect(failureOf(409, 'file_preparing')).toBe('preparing');
    expect(failureOf(429, 'download_limit')).toBe('limit');
    expect(failureOf(403, 'download_disabled')).toBe('online-only');
    expect(failureOf(410, 'refunded')).toBe('refunded');
    expect(failureOf(423, 'access_suspended')).toBe('suspended');
    expect([404, 409, 429, 401, 500, 502, 400].map((status) => failureOf(status, undefined))).toEqual(['unavailable', 'preparing', 'limit', 'signed-out', 'failed', 'failed', 'failed']);
  });
});

describe('deliveryMessage', () => {
  it('says a missing file and a failed read in the words of spec §8', () => {
    expect(deliveryMessage(new DeliveryError('unavailable'))).toEqual({ title: 'Fichier non disponible', description: 'Le lien de téléchargement est manquant.' });
    expect(deliveryMessage(new DeliveryError('failed'))).toEqual({ title: 'Erreur', description: 'Impossible de récupérer vos produits numériques.' });
  });

  it("gives the limit's and the preparation's own sentence when the function wrote one", () => {
    const sentence = 'Vous avez demandé 20 liens pour ce fichier en 24 heures. Réessayez plus tard.';
    expect(deliveryMessage(new DeliveryError('limit', sentence))).toEqual({ title: 'Limite de téléchargements atteinte', description: sentence });
    expect(deliveryMessage(new DeliveryError('limit')).description).toMatch(/Réessayez plus tard\.$/);
  });

  it("gives a refund's date and says a suspension as the library does", () => {
    const refunded = 'Ce contenu a été remboursé le 26/11/2026.';
    expect(deliveryMessage(new DeliveryError('refunded', refunded))).toEqual({ title: 'Contenu remboursé', description: refunded });
    expect(deliveryMessage(new DeliveryError('suspended', 'autre chose'))).toEqual({ title: 'Accès suspendu', description: 'Accès suspendu : un litige est en cours.' });
  });

  it('never shows a server sentence for the failures whose text is fixed', () => {
    expect(deliveryMessage(new DeliveryError('failed', 'relation "orders" does not exist')).description).toBe('Impossible de récupérer vos produits numériques.');
  });

  it('has a French title and sentence for every failure', () => {
    for (const failure of ['unavailable', 'preparing', 'limit', 'refunded', 'suspended', 'signed-out', 'expired', 'network', 'unsupported', 'failed'] as const) {
      const { title, description } = deliveryMessage(new DeliveryError(failure));
      expect(title.length, failure).toBeGreaterThan(3);
      expect(description, failure).toMatch(/^[A-ZÀ-Ý].+\.$/);
    }
  });
});

describe('explanationOf', () => {
  it('prefers the detail, and strips the title a message starts with', () => {
    expect(explanationOf({ error: { code: 'download_limit', message: 'Limite de téléchargements atteinte', detail: 'Réessayez demain.' } }, 'Limite de téléchargements atteinte')).toBe('Réessayez demain.');
    expect(explanationOf({ error: { message: 'Limite de téléchargements atteinte. Réessayez demain.' } }, 'Limite de téléchargements atteinte')).toBe('Réessayez demain.');
    expect(explanationOf({ error: { message: 'Limite de téléchargements atteinte' } }, 'Limite de téléchargements atteinte')).toBeNull();
    expect(explanationOf('<html>Bad gateway</html>', 'Erreur')).toBeNull();
  });
});

describe('toDeliveryError', () => {
  it("turns the function's error answers into failures with their sentence", async () => {
    const limit = await toDeliveryError(answer(429, { error: { code: 'download_limit', message: 'Limite de téléchargements atteinte. Réessayez plus tard.' } }));
    expect([limit.failure, limit.explanation]).toEqual(['limit', 'Réessayez plus tard.']);
    expect((await toDeliveryError(answer(404, { error: { code: 'file_unavailable', message: 'Fichier non disponible' } }))).failure).toBe('unavailable');
  });

  it('reads an answer that is not JSON by its status', async () => {
    const error = new FunctionsHttpError(new Response('upstream timed out', { status: 504 }));
    expect((await toDeliveryError(error)).failure).toBe('failed');
  });

  it('calls an unreachable function a network failure, and anything else a failure', async () => {
    expect((await toDeliveryError(new FunctionsFetchError(new TypeError('Failed to fetch')))).failure).toBe('network');
    expect((await toDeliveryError(new Error('boom'))).failure).toBe('failed');
  });

  it('keeps a DeliveryError as it is', async () => {
    const error = new DeliveryError('expired');
    expect(await toDeliveryError(error)).toBe(error);
  });
});
