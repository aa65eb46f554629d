// Test customers with confirmations on (supabase/config.toml), as a project's own tests make them:
// a real sign-up through the publishable key, the address confirmed with the secret key through
// GoTrue's admin API (what following the mailed link does), then a password sign-in. The mailed link itself
// is proved by the confirmation tests and journeys.
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { nodeClient } from '../../scripts/lib/supabase-client.ts';

export interface StackKeys {
  SUPABASE_URL: string;
  SUPABASE_SECRET_KEY: string;
}

/** Signs `email` up on `client`, confirms the address and signs `client` in; the user. */
export async function signUpConfirmed(keys: StackKeys, client: SupabaseClient, email: string, password: string, data: Record<string, unknown> = {}): Promise<User> {
  const signUp = await client.auth.signUp({ email, password, options: { data } });
  if (signUp.error || !signUp.data.user) throw new Error(`sign-up failed: ${signUp.error?.message ?? 'no user'}`);
  const service = nodeClient(keys.SUPABASE_URL, keys.SUPABASE_SECRET_KEY);
  const confirmed = await service.auth.admin.updateUserById(signUp.data.user.id, { email_confirm: true });
  if (confirmed.error) throw new Error(`confirmation failed: ${confirmed.error.message}`);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error || !signIn.data.user) throw new Error(`sign-in failed: ${signIn.error?.message ?? 'no user'}`);
  return signIn.data.user;
}
