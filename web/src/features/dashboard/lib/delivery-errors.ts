// Why a file could not be delivered, and what the customer reads then: the §8 texts where the spec
// has them, `issue-download`'s own French sentence where it gives one, never a raw error.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';

export type DeliveryFailure = 'unavailable' | 'preparing' | 'limit' | 'online-only' | 'refunded' | 'suspended' | 'signed-out' | 'expired' | 'network' | 'unsupported' | 'failed';

export class DeliveryError extends Error {
  constructor(
    readonly failure: DeliveryFailure,
    /** The function's French explanation (the day's limit, the copy being prepared), when it gave one. */
    readonly explanation: string | null = null,
  ) {
    super(`delivery failed: ${failure}`);
    this.name = 'DeliveryError';
  }
}

export interface DeliveryMessage {
  title: string;
  description: string;
}

const messages: Record<DeliveryFailure, DeliveryMessage> = {
  unavailable: { title: 'Fichier non disponible', description: 'Le lien de téléchargement est manquant.' },
  preparing: { title: 'Fichier en préparation', description: 'Votre exemplaire personnel est en cours de préparation. Réessayez dans un instant.' },
  limit: { title: 'Limite de téléchargements atteinte', description: 'Vous avez demandé trop de liens pour ce fichier aujourd’hui. Réessayez plus tard.' },
  'online-only': { title: 'Téléchargement non proposé', description: 'Ce fichier se lit en ligne uniquement : ouvrez-le avec « Voir » dans votre bibliothèque.' },
  refunded: { title: 'Contenu remboursé', description: 'Ce contenu a été remboursé.' },
  suspended: { title: 'Accès suspendu', description: 'Accès suspendu : un litige est en cours.' },
  'signed-out': { title: 'Session expirée', description: 'Veuillez vous reconnecter pour accéder à vos produits numériques.' },
  expired: { title: 'Lien expiré', description: 'Le lien de lecture a expiré et n’a pas pu être renouvelé. Rouvrez le fichier depuis votre bibliothèque.' },
  network: { title: 'Connexion impossible', description: 'Le fichier n’a pas pu être récupéré. Vérifiez votre connexion internet, puis réessayez.' },
  unsupported: { title: 'Lecture impossible', description: 'Votre navigateur ne sait pas lire ce fichier ici. Téléchargez-le pour l’ouvrir sur votre appareil.' },
  failed: { title: 'Erreur', description: 'Impossible de récupérer vos produits numériques.' },
};

/** `issue-download`'s answer, by its code first and its status otherwise. */
export function failureOf(status: number, code: unknown): DeliveryFailure {
  if (code === 'file_unavailable' || status === 404) return 'unavailable';
  if (code === 'file_preparing' || status === 409) return 'preparing';
  if (code === 'download_limit' || status === 429) return 'limit';
  if (code === 'download_disabled' || status === 403) return 'online-only';
  if (code === 'refunded' || status === 410) return 'refunded';
  if (code === 'access_suspended' || status === 423) return 'suspended';
  if (status === 401) return 'signed-out';
  return 'failed';
}

/** Failures whose French sentence the function writes (the limit names its number, a refund its date). */
const explainedByServer = new Set<DeliveryFailure>(['preparing', 'limit', 'refunded']);

export function deliveryMessage(error: DeliveryError): DeliveryMessage {
  const message = messages[error.failure];
  return error.explanation && explainedByServer.has(error.failure) ? { ...message, description: error.explanation } : message;
}

/**
 * The sentence that explains an error, from `{ error: { code, message, detail? } }`: the detail,
 * else the message without the title it may start with ('Limite de téléchargements atteinte. …').
 */
export function explanationOf(body: unknown, title: string): string | null {
  const error = (body as { error?: { message?: unknown; detail?: unknown } } | null)?.error;
  const text = typeof error?.detail === 'string' && error.detail.trim() ? error.detail : error?.message;
  if (typeof text !== 'string') return null;
  const sentence = (text.startsWith(title) ? text.slice(title.length).replace(/^[\s.:!–-]+/, '') : text).trim();
  return sentence || null;
}

/** Any failure of asking for or reading a file, as a DeliveryError. */
export async function toDeliveryError(error: unknown): Promise<DeliveryError> {
  if (error instanceof DeliveryError) return error;
  if (error instanceof FunctionsFetchError) return new DeliveryError('network');
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response.json().catch(() => null);
    const failure = failureOf(response.status, (body as { error?: { code?: unknown } } | null)?.error?.code);
    return new DeliveryError(failure, explanationOf(body, messages[failure].title));
  }
  return new DeliveryError('failed');
}
