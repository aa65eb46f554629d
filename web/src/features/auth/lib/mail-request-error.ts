/** What to show when a mail (a new confirmation link, a sign-in link) could not be requested. */
export function mailRequestErrorMessage(error: { code?: string; message?: string } | null | undefined): string {
  // GoTrue's per-address interval between two mails of one kind (max_frequency).
  if (error?.code === 'over_email_send_rate_limit')
    return "Un email vient déjà de vous être envoyé. Veuillez patienter une minute avant d'en demander un autre.";
  return error?.message || 'Un problème est survenu. Veuillez réessayer.';
}
