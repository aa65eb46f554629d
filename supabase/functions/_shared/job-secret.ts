// The scheduled jobs' credentials: each Supabase Cron job calls its function bearing a secret of
// its own (a function secret, and in Vault where the job's definer function reads it), never the
// service-role key. Not a JWT, so the gateway's verify_jwt is off for those functions.
import { requireEnv } from './supabase.ts';

const encoder = new TextEncoder();

/** The request's bearer token, or '' when it has none. */
export const bearerOf = (request: Request): string => /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';

/** Whether two secrets are equal, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const token = encoder.encode(given);
  const key = encoder.encode(expected);
  let difference = token.length ^ key.length;
  for (let i = 0; i < key.length; i++) difference |= key[i]! ^ (token[i] ?? 0);
  return difference === 0;
}

/** Whether the request carries the job secret held in the environment variable `name`, compared in constant time. */
export function bearsJobSecret(request: Request, name: string): boolean {
  return sameSecret(bearerOf(request), requireEnv(name));
}
