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
    expect(await titleOf(refusal(409, 'checkout_needs_review'))).toBe('Paiement en cours de vérification');
    expect(await titleOf(refusal(409, 'payment_processing'))).toBe('Paiement en cours de traitement');
    expect(await titleOf(refusal(409, 'payment_declined'))).toBe('Paiement refusé');
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

  it('tells a checkout set aside for review that the shop attaches the payment by hand, the e-mail follows and nothing is to redo', () => {
    const { description, actions } = orderOutcomeMessages['needs-review'];
    expect(description).toBe('Votre paiement a bien été reçu, mais nous devons le rattacher à votre commande à la main. Vous recevrez l’e-mail de confirmation dès que ce sera fait ; vous n’avez rien à refaire.');
    // Asking again would answer the same until the administrator has attached the payment.
    expect(actions).toEqual(['store', 'contact']);
  });

  it('tells a debit on its way that nothing is wrong and nothing is to redo, and lets the buyer look again', () => {
    const { description, actions } = orderOutcomeMessages.processing;
    expect(description).toMatch(/prélèvement/);
    expect(description).toMatch(/rien à refaire/);
    expect(actions).toEqual(['retry', 'store']);
  });

  it('tells a refused debit that nothing will be taken and the cart waits, without a retry that would answer the same', () => {
    const { description, actions } = orderOutcomeMessages.declined;
    expect(description).toMatch(/rien ne vous sera débité/);
    expect(description).toMatch(/panier est conservé/);
    expect(actions).toEqual(['store', 'contact']);
  });

  it('never says a payment was received unless the shop has seen it, and always offers a way on', () => {
    for (const [outcome, { title, description, actions }] of Object.entries(orderOutcomeMessages) as [OrderOutcome, (typeof orderOutcomeMessages)[OrderOutcome]][]) {
      expect(title, outcome).not.toMatch(/reçu|merci/i);
      // record-order answers checkout_needs_review only when payments that may be this checkout's reached the shop.
      if (outcome !== 'needs-review') expect(description, outcome).not.toMatch(/reçu|merci/i);
      expect(description, outcome).toMatch(/^[A-ZÀ-Ý].+\.$/);
      expect(actions.length, outcome).toBeGreaterThan(0);
    }
  });

  it('reads a code record-order no longer gives as any other failure', () => {
    for (const code of ['checkout_canceled', 'checkout_expired', 'checkout_mismatch']) expect(failureOf(409, code), code).toBe('failed');
  });

  it('passes a RecordOrderError through unchanged', async () => {
    const error = new RecordOrderError('needs-review');
    expect(await toRecordOrderError(error)).toBe(error);
  });
});
