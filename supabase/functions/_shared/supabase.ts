// The two Supabase clients of the functions. The caller's client forwards their Authorization
// header, so every query runs under RLS as them; the service-role client bypasses RLS and is used
// only for the writes a caller may not make (pending checkouts, orders, the admin role).
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { HttpError } from './errors.ts';

export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`The function needs the ${name} environment variable.`);
  return value;
}

// A function serves one request at a time per client: no session to keep or refresh.
const serverSide = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function callerClient(request: Request): SupabaseClient {
  const authorization = request.headers.get('Authorization') ?? '';
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), { ...serverSide, global: { headers: { Authorization: authorization } } });
}

export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), serverSide);
}

/** The signed-in caller as GoTrue knows them; an anon key or a stale token is a 401. */
export async function requireUser(request: Request, caller: SupabaseClient): Promise<User> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'not_signed_in', 'Sign in to continue.');
  const { data, error } = await caller.auth.getUser(token);
  // GoTrue refusing the token is the caller's problem; GoTrue failing is ours.
  if (error && !(error.status && error.status < 500)) throw error;
  if (error || !data.user) throw new HttpError(401, 'not_signed_in', 'Sign in to continue.', { cause: error?.message });
  return data.user;
}
