import { authFailureMessage } from '@/lib/rate-limit';

/** GoTrue's per-address interval between two mails of one kind (`max_frequency`), told by its message. */
const perAddressInterval = /only request this after/;

/** What to show when a mail (a new confirmation link, a sign-in link) could not be requested. */
export function mailRequestErrorMessage(error: { code?: string; message?: string; status?: number } | null | undefined): string {
  if (error?.code === 'over_email_send_rate_limit' && perAddressInterval.test(error.message ?? ''))
    return "Un email vient déjà de vous être envoyé. Veuillez patienter une minute avant d'en demander un autre.";
  // Any other 429 (the address's requests, the project's mails of the hour): the auth pages' message.
  return authFailureMessage(error, 'Un problème est survenu. Veuillez réessayer.');
}
