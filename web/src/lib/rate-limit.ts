// The database refuses a write past its rate limit with SQLSTATE PT429, which the API answers with
// 429 and that code in its JSON error (README "Rate limits").

export const rateLimitedMessage = 'Vous avez envoyé plusieurs messages en peu de temps. Veuillez patienter quelques minutes.';

export function isRateLimited(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'PT429';
}
