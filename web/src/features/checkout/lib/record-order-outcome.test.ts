import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { orderOutcomeMessages } from '@/features/checkout/lib/order-outcome-messages';
import { failureOf, RecordOrderError, toRecordOrderError, type OrderOutcome } from '@/features/checkout/lib/record-order-outcome';

const answer = (status: number, body: unknown) =>
  new FunctionsHttpError(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const refusal = (status: number, code: string) => answer(status, { error: { code, message: 'whatever the function says' } });
const titleOf = async (error: unknown) => orderOutcomeMessages[(await toRecordOrderError(error)).failure].title;

describe("record-order's answers on /success", () => {
  it('gives each refusal of record-order its own French message', async () => {
    expect(await titleOf(refusal(404, 'checkout_not_found'))).toBe('Commande introuvable');
    expect(await titleOf(refusal(409, 'payment_not_completed'))).toBe('Paiement non finalisé');
    expect(await titleOf(refusal(409, 'checkout_canceled'))).toBe('Paiement annulé');
    expect(await titleOf(refusal(409, 'checkout_expired'))).toBe('Session de paiement expirée');
    expect(await titleOf(refusal(409, 'checkout_mismatch'))).toBe('Paiement à vérifier');
    expect(await titleOf(refusal(401, 'not_signed_in'))).toBe('Connectez-vous pour retrouver votre commande');
  });

  it('offers a retry when the network, the commerce service or the function failed', async () => {
    for (const error of [new FunctionsFetchError(new TypeError('Failed to fetch')), refusal(502, 'commerce_unavailable'), refusal(500, 'internal_error'), answer(503, 'Service Unavailable'), new Error('boom')]) {
      const { failure } = await toRecordOrderError(error);
      expect(failure).toBe('failed');
      expect(orderOutcomeMessages[failure].actions).toContain('retry');
    }
  });

  it('reads the status when the body has no code', () => {
    expect([404, 400, 401, 409, 500].map((status) => failureOf(status, undefined))).toEqual(['not-found', 'not-found', 'signed-out', 'failed', 'failed']);
    expect(failureOf(409, 'toString')).toBe('failed');
  });

  it('tells a mismatch that the shop will check and contact the buyer', () => {
    expect(orderOutcomeMessages.mismatch.description).toContain('Notre équipe va le vérifier et vous contactera');
  });

  it('never says the payment was received, and always offers a way on', () => {
    for (const [outcome, { title, description, actions }] of Object.entries(orderOutcomeMessages) as [OrderOutcome, (typeof orderOutcomeMessages)[OrderOutcome]][]) {
      expect(`${title} ${description}`, outcome).not.toMatch(/reçu|merci/i);
      expect(description, outcome).toMatch(/^[A-ZÀ-Ý].+\.$/);
      expect(actions.length, outcome).toBeGreaterThan(0);
    }
  });

  it('passes a RecordOrderError through unchanged', async () => {
    const error = new RecordOrderError('canceled');
    expect(await toRecordOrderError(error)).toBe(error);
  });
});
