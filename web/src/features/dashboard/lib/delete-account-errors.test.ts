import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { deleteAccountMessage } from '@/features/dashboard/lib/delete-account-errors';

const answer = (status: number, body: unknown) => new FunctionsHttpError(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('deleteAccountMessage', () => {
  it('shows the function\'s own French refusal: a wrong password, the last administrator', async () => {
    const detail = "Le mot de passe saisi ne correspond pas à votre compte. Votre compte n'a pas été supprimé.";
    expect(await deleteAccountMessage(answer(403, { error: { code: 'wrong_password', message: 'Mot de passe incorrect', detail } }))).toEqual({
      title: 'Mot de passe incorrect',
      description: detail,
    });
    const lastAdmin = 'Impossible de supprimer ce compte : la boutique doit garder au moins un administrateur.';
    expect((await deleteAccountMessage(answer(409, { error: { code: 'last_admin', message: 'Suppression impossible', detail: lastAdmin } }))).description).toBe(lastAdmin);
  });

  it('has its own texts for a lost session, a lost connection and anything else', async () => {
    expect((await deleteAccountMessage(answer(401, { error: { code: 'not_signed_in', message: 'Sign in to continue.' } }))).title).toBe('Session expirée');
    expect((await deleteAccountMessage(new FunctionsFetchError(new Error('offline')))).title).toBe('Connexion impossible');
    expect(await deleteAccountMessage(answer(500, { error: { code: 'internal_error', message: 'Unexpected failure' } }))).toEqual({
      title: 'Erreur',
      description: 'Votre compte n’a pas pu être supprimé. Veuillez réessayer.',
    });
  });
});
