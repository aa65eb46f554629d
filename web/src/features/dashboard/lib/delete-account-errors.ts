// What the customer reads when « Supprimer mon compte » fails: the function's own French title and
// sentence for its refusals (wrong password, too many attempts, the last administrator), and fixed
// texts for a lost session or connection. Every one says the account is still there.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';

export interface DeleteAccountMessage {
  title: string;
  description: string;
}

const failed: DeleteAccountMessage = { title: 'Erreur', description: 'Votre compte n’a pas pu être supprimé. Veuillez réessayer.' };

export async function deleteAccountMessage(error: unknown): Promise<DeleteAccountMessage> {
  if (error instanceof FunctionsFetchError) {
    return { title: 'Connexion impossible', description: 'Votre compte n’a pas été supprimé. Vérifiez votre connexion internet, puis réessayez.' };
  }
  if (!(error instanceof FunctionsHttpError)) return failed;
  const response = error.context as Response;
  if (response.status === 401) return { title: 'Session expirée', description: 'Veuillez vous reconnecter pour supprimer votre compte.' };
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; detail?: unknown } } | null;
  const { message, detail } = body?.error ?? {};
  if ([403, 409, 429].includes(response.status) && typeof message === 'string' && typeof detail === 'string') {
    return { title: message, description: detail };
  }
  return failed;
}
