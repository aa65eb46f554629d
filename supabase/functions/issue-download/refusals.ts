// The refusals a buyer reads, in spec §8's French (message and detail), whether the function or
// `issue_download_link` decides them. The database raises PT<status> with the French texts; the
// codes stay English for the app to branch on.
import { HttpError } from '../_shared/errors.ts';

export const fileUnavailable = (cause?: unknown) =>
  new HttpError(404, 'file_unavailable', 'Fichier non disponible', { detail: 'Le lien de téléchargement est manquant.', cause });

const codeOfDatabaseRefusal: Record<string, { status: number; code: string }> = {
  PT403: { status: 403, code: 'download_disabled' },
  PT404: { status: 404, code: 'file_unavailable' },
  PT409: { status: 409, code: 'file_preparing' },
  PT410: { status: 410, code: 'refunded' },
  PT423: { status: 423, code: 'access_suspended' },
  PT429: { status: 429, code: 'download_limit' },
};

/** The refusal `issue_download_link` raised, with its own texts; undefined for any other failure. */
export function linkRefusal(error: { code?: string; message: string; details?: string | null }): HttpError | undefined {
  const refusal = error.code ? codeOfDatabaseRefusal[error.code] : undefined;
  if (!refusal) return undefined;
  return new HttpError(refusal.status, refusal.code, error.message, { detail: error.details ?? undefined });
}
