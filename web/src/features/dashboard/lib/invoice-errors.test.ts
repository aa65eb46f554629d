import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { invoiceMessage } from '@/features/dashboard/lib/invoice-errors';

const answer = (status: number, body: unknown) => new FunctionsHttpError(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('invoiceMessage', () => {
  it('shows the function\'s own French refusal', async () => {
    const detail = 'Les mentions légales du vendeur sont incomplètes (à renseigner : SIRET ou SIREN).';
    expect(await invoiceMessage(answer(409, { error: { code: 'seller_settings_incomplete', message: 'Facture indisponible', detail } }))).toEqual({
      title: 'Facture indisponible',
      description: detail,
    });
  });

  it('has its own texts for a lost session, a lost connection and anything else', async () => {
    expect((await invoiceMessage(answer(401, { error: { code: 'not_signed_in', message: 'Sign in to continue.' } }))).title).toBe('Session expirée');
    expect((await invoiceMessage(new FunctionsFetchError(new Error('offline')))).title).toBe('Connexion impossible');
    expect(await invoiceMessage(answer(500, { error: { code: 'internal_error', message: 'Unexpected failure' } }))).toEqual({
      title: 'Erreur',
      description: 'Impossible de télécharger la facture. Veuillez réessayer.',
    });
  });
});
