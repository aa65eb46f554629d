// The key the tests sign users' access tokens with, as GoTrue would: the project's ES256 signing
// key (SUPABASE_SIGNING_KEYS, in the CLI's signing_keys_path format); for a project still on the
// legacy keys (the contract suite's second run gives none), the HS256 JWT secret.
import type { TokenKey } from '../../scripts/stack/keys.ts';
import type { SigningKey } from '../../scripts/stack/signing-keys.ts';

export function tokenKeyFrom(env: NodeJS.ProcessEnv): TokenKey | undefined {
  if (env.SUPABASE_SIGNING_KEYS) return (JSON.parse(env.SUPABASE_SIGNING_KEYS) as SigningKey[])[0];
  return env.SUPABASE_JWT_SECRET || undefined;
}
