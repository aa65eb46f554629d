// The scheduled jobs' credentials: each Supabase Cron job calls its function bearing a secret of
// its own (a function secret, and in Vault where the job's definer function reads it), never the
// service-role key. Not a JWT, so the gateway's verify_jwt is off for those functions.
import { requireEnv } from './supabase.ts';

const encoder = new TextEncoder();

/** Whether the request carries the job secret held in the environment variable `name`, compared in constant time. */
export function bearsJobSecret(request: Request, name: string): boolean {
  const token = encoder.encode(/^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '');
  const key = encoder.encode(requireEnv(name));
  let difference = token.length ^ key.length;
  for (let i = 0; i < key.length; i++) difference |= key[i]! ^ (token[i] ?? 0);
  return difference === 0;
}
