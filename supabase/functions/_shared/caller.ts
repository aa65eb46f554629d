// Who calls a function, checked by the function itself: `verify_jwt` is off for every function,
// since the platform's check knows only the legacy JWT secret and answers 401 « Invalid JWT » to
// tokens signed with the project's asymmetric signing key. supabase-js's getClaims() verifies the
// bearer token's signature locally against the JWKS the runtime provides (SUPABASE_JWKS, no round
// trip to /auth/v1/user; a legacy HS256 token, accepted only while the legacy keys are on, is
// checked by GoTrue instead), and its expiry. A missing, malformed, expired or wrongly signed
// token, or one that is not a signed-in user's (the anon role, an API key), is a 401 JSON error.
// The trade-off Supabase names for getClaims(): a signed-out or deleted user's token keeps working
// until it expires (one hour, `jwt_expiry`); whatever the function reads or writes as the caller
// still goes through RLS.
import type { JwtPayload, SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './errors.ts';
import { bearerOf, sameSecret } from './job-secret.ts';
import { apiKeys, publishableClient } from './supabase.ts';

export interface SignedInCaller {
  /** The user's id (the token's `sub`). */
  id: string;
  email: string;
  claims: JwtPayload;
}

let verifier: SupabaseClient | undefined;
let jwks: { keys: JsonWebKey[] } | undefined;

/** The project's public signing keys, as the hosted runtime hands them to every function. */
function projectJwks(): { keys: JsonWebKey[] } {
  if (!jwks) {
    const parsed = JSON.parse(Deno.env.get('SUPABASE_JWKS') || '{"keys":[]}');
    jwks = Array.isArray(parsed) ? { keys: parsed } : parsed;
  }
  return jwks!;
}

const notSignedIn = (cause?: unknown) => new HttpError(401, 'not_signed_in', 'Sign in to continue.', { cause });

/** The claims of `token` once getClaims() has verified it; undefined when it is refused. */
async function verifiedClaims(token: string): Promise<JwtPayload | undefined> {
  verifier ??= publishableClient();
  let outcome: Awaited<ReturnType<SupabaseClient['auth']['getClaims']>>;
  try {
    outcome = await verifier.auth.getClaims(token, { keys: projectJwks().keys as never });
  } catch {
    // getClaims() answers `{ error }` for the tokens it expects to refuse, and throws for the rest:
    // a header or payload that is not JSON, or not an object; an `alg` it does not know, with a
    // `kid` it finds (« Invalid alg claim »); a key WebCrypto will not import for that `alg`. Each
    // is the token's fault, never the platform's: the auth server's failures come back as
    // `{ error }`. A refusal, not logged, so that forged tokens cannot fill the error logs.
    return undefined;
  }
  const { data, error } = outcome;
  // A token refused is the caller's problem; the auth server failing (legacy tokens) is ours.
  if (error && !(error.status && error.status < 500)) throw error;
  return error || !data ? undefined : data.claims;
}

/** The signed-in user the request's bearer token names; anything else is a 401. */
export async function requireUser(request: Request): Promise<SignedInCaller> {
  const token = bearerOf(request);
  if (!token) throw notSignedIn('no bearer token');
  const claims = await verifiedClaims(token);
  if (!claims) throw notSignedIn('a token refused by getClaims()');
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || claims.sub === '') throw notSignedIn(`a token of role ${claims.role || 'none'}`);
  return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '', claims };
}

/**
 * Anyone who holds one of the project's API keys or a token it signed, whatever its role: what
 * `verify_jwt` let through when the anon key was a JWT (set-admin-role). Anything else is a 401.
 */
export async function requireProjectCaller(request: Request): Promise<void> {
  const token = bearerOf(request);
  if (token && apiKeys().some((key) => sameSecret(token, key))) return;
  if (token && !token.startsWith('sb_') && (await verifiedClaims(token))) return;
  throw new HttpError(401, 'no_project_credentials', "Call with the project's publishable key or a user's token.");
}

/** The signed-in caller's own profile (read as them, RLS) must say administrator; else a 403. */
export async function requireAdmin(caller: SupabaseClient, userId: string): Promise<void> {
  const { data, error } = await caller.from('profiles').select('role').eq('id', userId).maybeSingle<{ role: string | null }>();
  if (error) throw new Error(`reading profile ${userId}: ${error.message}`);
  if (data?.role !== 'admin') throw new HttpError(403, 'forbidden', 'Réservé aux administrateurs.');
}
