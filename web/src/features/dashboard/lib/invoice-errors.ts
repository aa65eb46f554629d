// What the customer (or the administrator) reads when 'Facture' fails: the function's own French
// title and sentence for its refusals (« Facture introuvable », « Facture indisponible » naming
// the seller's missing mentions), and fixed texts for a lost session or connection.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';

export interface InvoiceMessage {
  title: string;
  description: string;
}

const failed: InvoiceMessage = { title: 'Erreur', description: 'Impossible de télécharger la facture. Veuillez réessayer.' };

/** The toast for a failed invoice download. */
export async function invoiceMessage(error: unknown): Promise<InvoiceMessage> {
  if (error instanceof FunctionsFetchError) {
    return { title: 'Connexion impossible', description: 'La facture n’a pas pu être téléchargée. Vérifiez votre connexion internet, puis réessayez.' };
  }
  if (!(error instanceof FunctionsHttpError)) return failed;
  const response = error.context as Response;
  if (response.status === 401) return { title: 'Session expirée', description: 'Veuillez vous reconnecter pour télécharger votre facture.' };
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; detail?: unknown } } | null;
  const { message, detail } = body?.error ?? {};
  if ((response.status === 404 || response.status === 409) && typeof message === 'string' && typeof detail === 'string') {
    return { title: message, description: detail };
  }
  return failed;
}
