// Access-token checks of a channel, with the reasons Realtime gives (RealtimeChannel.confirm_token,
// ChannelsAuthorization.authorize_conn): the client shows them as the channel error.
import type { StackContext } from '../context.ts';
import { JwtError, verifyAccessToken, type JwtClaims } from '../keys.ts';
import { accessTokenKeys, isOpaqueApiKey, resolveApiKey } from '../project-keys.ts';

export type RealtimeKeys = Pick<StackContext, 'signingKey' | 'jwtSecret' | 'publishableKey' | 'secretKey' | 'anonKey' | 'serviceRoleKey' | 'settings'>;

/** An opaque API key given as the access token (supabase-js sends the key when no one is signed in) stands for its role, without expiry. */
const opaqueKeyExp = 4102444800;

export type TokenCheck = { ok: true; claims: JwtClaims & { role: string; exp: number } } | { ok: false; code: string; message: string };

function readClaims(token: string): Record<string, unknown> | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Realtime decodes URL escapes and strips whitespace before verifying. */
const cleanToken = (token: string) => {
  try {
    return decodeURIComponent(token).replace(/\s/g, '');
  } catch {
    return token.replace(/\s/g, '');
  }
};

export function checkAccessToken(rawToken: unknown, keys: RealtimeKeys, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  if (typeof rawToken !== 'string') return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  const token = cleanToken(rawToken);
  if (isOpaqueApiKey(token)) {
    const key = resolveApiKey(keys, token);
    if (!key) return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    return { ok: true, claims: { iss: 'supabase', role: key.role, exp: opaqueKeyExp } };
  }
  const claims = readClaims(token);
  if (token.split('.').length !== 3 || !claims) return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  try {
    // Expiry is judged below with Realtime's wording, so this checks the signature only.
    verifyAccessToken(token, accessTokenKeys(keys), Number.NEGATIVE_INFINITY);
  } catch (error) {
    if (error instanceof JwtError) return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    throw error;
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (claims.exp <= nowSeconds) {
    return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${nowSeconds - Math.floor(claims.exp)} seconds ago` };
  }
  return { ok: true, claims: claims as JwtClaims & { role: string; exp: number } };
}
