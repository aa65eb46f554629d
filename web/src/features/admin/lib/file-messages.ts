// What the administrator reads when a file cannot be attached: the quick check's refusal, the
// upload's failures, and attach-deliverable's own French texts (its message and detail).
import { unsupportedDeliverable } from '@functions-shared/file-signature.ts';

export interface FileMessage {
  title: string;
  description: string;
}

/** The server's own sentence for a file that is no deliverable, so both say the same. */
export const unsupportedFile: FileMessage = unsupportedDeliverable;

export const uploadInterrupted: FileMessage = {
  title: 'Envoi interrompu',
  description: 'La connexion est restée coupée trop longtemps. Choisissez de nouveau le même fichier : l’envoi reprendra là où il s’était arrêté.',
};

export const uploadRefused: FileMessage = {
  title: 'Envoi refusé',
  description: 'Le stockage a refusé ce fichier (trop volumineux, ou votre session a expiré). Reconnectez-vous, puis réessayez.',
};

export const attachFailed: FileMessage = {
  title: 'Erreur',
  description: 'Le fichier a été envoyé mais n’a pas pu être associé à la variante. Réessayez.',
};

export const removeFailed: FileMessage = {
  title: 'Erreur',
  description: 'Le fichier n’a pas pu être retiré. Réessayez.',
};

export const onlineOnlyFailed: FileMessage = {
  title: 'Erreur',
  description: 'Le réglage « Lecture en ligne uniquement » n’a pas pu être enregistré. Réessayez.',
};

export const subtitlesNotVtt: FileMessage = {
  title: 'Fichier refusé',
  description: 'Les sous-titres doivent être un fichier WebVTT (.vtt) commençant par « WEBVTT ».',
};

export const subtitlesFailed: FileMessage = {
  title: 'Erreur',
  description: 'Les sous-titres n’ont pas pu être enregistrés. Réessayez.',
};

export const subtitlesRemoveFailed: FileMessage = {
  title: 'Erreur',
  description: 'Les sous-titres n’ont pas pu être retirés. Réessayez.',
};

/** An error that already carries the sentence to show. */
export class FileActionError extends Error {
  constructor(readonly display: FileMessage) {
    super(display.title);
    this.name = 'FileActionError';
  }
}

/** A failed resumable upload: the server's refusal (4xx) is final, anything else is the connection. */
export function uploadFailureMessage(status: number): FileMessage {
  return status >= 400 && status < 500 ? uploadRefused : uploadInterrupted;
}

/** attach-deliverable's `{ error: { message, detail } }`, or the generic failure. */
export function attachFailureMessage(body: unknown): FileMessage {
  const error = (body as { error?: { message?: unknown; detail?: unknown } } | null)?.error;
  if (typeof error?.message === 'string' && typeof error.detail === 'string') return { title: error.message, description: error.detail };
  return attachFailed;
}

export const messageOf = (error: unknown, fallback: FileMessage): FileMessage => (error instanceof FileActionError ? error.display : fallback);
