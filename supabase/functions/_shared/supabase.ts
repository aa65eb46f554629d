// The Supabase clients of the functions, made with the keys the hosted runtime provides:
// SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS, JSON dictionaries of named keys whose
// `default` entry is the project's default key. The caller's client forwards their Authorization
// header, so every query runs under RLS as them; the secret-key client bypasses RLS and is used
// only for the writes a caller may not make (pending checkouts, orders, the admin role). Never the
// legacy SUPABASE_ANON_KEY or SUPABASE_SERVICE_ROLE_KEY.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`The function needs the ${name} environment variable.`);
  return value;
}

const namedKeys = (name: 'SUPABASE_PUBLISHABLE_KEYS' | 'SUPABASE_SECRET_KEYS') => JSON.parse(requireEnv(name)) as Record<string, string>;

/** Every publishable and secret key of the project, whatever its name. */
export const apiKeys = (): string[] => [...Object.values(namedKeys('SUPABASE_PUBLISHABLE_KEYS')), ...Object.values(namedKeys('SUPABASE_SECRET_KEYS'))];

/** The `default` key of SUPABASE_PUBLISHABLE_KEYS or SUPABASE_SECRET_KEYS. */
function defaultKey(name: 'SUPABASE_PUBLISHABLE_KEYS' | 'SUPABASE_SECRET_KEYS'): string {
  const key = namedKeys(name).default;
  if (!key) throw new Error(`${name} has no "default" key.`);
  return key;
}

export const publishableKey = () => defaultKey('SUPABASE_PUBLISHABLE_KEYS');

// A function serves one request at a time per client: no session to keep or refresh.
const serverSide = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A client as anon: the caller's token, when forwarded, decides instead. */
export function publishableClient(headers: Record<string, string> = {}): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), publishableKey(), { ...serverSide, global: { headers } });
}

export function callerClient(request: Request): SupabaseClient {
  return publishableClient({ Authorization: request.headers.get('Authorization') ?? '' });
}

let service: SupabaseClient | undefined;

/**
 * The secret-key client, made once per process: it holds no session and no per-request state
 * (the key and URL never change while the function runs), and making a client (its auth,
 * realtime and storage parts) was a tenth of a millisecond of every call.
 */
export function serviceClient(): SupabaseClient {
  service ??= createClient(requireEnv('SUPABASE_URL'), defaultKey('SUPABASE_SECRET_KEYS'), serverSide);
  return service;
}
