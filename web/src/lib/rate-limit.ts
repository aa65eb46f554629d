// The database refuses a write past its rate limit with SQLSTATE PT429, which the API answers with
// 429 and that code in its JSON error (docs/abuse-limits.md). The auth service refuses past its own
// limits with status 429 (`over_request_rate_limit`, `over_email_send_rate_limit`), which
// supabase-js keeps on its AuthApiError.

export const rateLimitedMessage = 'Vous avez envoyé plusieurs messages en peu de temps. Veuillez patienter quelques minutes.';

export function isRateLimited(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'PT429';
}

export const authRateLimitedMessage = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';

export function isAuthRateLimited(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 429;
}

/** What a failed auth call shows: the French message past a limit, else the error's own text or `fallback`. */
export function authFailureMessage(error: unknown, fallback: string): string {
  if (isAuthRateLimited(error)) return authRateLimitedMessage;
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return (typeof message === 'string' && message) || fallback;
}
