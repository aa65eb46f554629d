// Access tokens for the function tests, made with WebCrypto as an attacker or GoTrue would make
// them: ES256 with the project's signing key (SUPABASE_SIGNING_KEYS, the CLI's format) or another
// key, HS256 with a given secret, and unsigned (`alg: none`).
import { base64url, userClaims } from '../../../scripts/lib/forged-tokens.ts';

const encoder = new TextEncoder();

export type Claims = Record<string, unknown>;
export type PrivateJwk = JsonWebKey & { kid: string };

/** The project's ES256 signing key, as the stack hands it to the tests. */
export function projectSigningKey(): PrivateJwk {
  const keys = JSON.parse(Deno.env.get('SUPABASE_SIGNING_KEYS') || '[]') as PrivateJwk[];
  if (!keys[0]) throw new Error('SUPABASE_SIGNING_KEYS is not set: run these tests through `npm test`.');
  return keys[0];
}

/** A P-256 key of no project's, under the `kid` given (the project's, to pose as it). */
export async function otherSigningKey(kid: string): Promise<PrivateJwk> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return { ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid };
}

const body = (header: Claims, claims: Claims) => `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;

export async function es256Token(claims: Claims, key: PrivateJwk): Promise<string> {
  const { kty, crv, x, y, d } = key;
  const signer = await crypto.subtle.importKey('jwk', { kty, crv, x, y, d }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const signed = body({ alg: 'ES256', kid: key.kid, typ: 'JWT' }, claims);
  return `${signed}.${base64url(new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer, encoder.encode(signed))))}`;
}

export async function hs256Token(claims: Claims, secret: string, header: Claims = {}): Promise<string> {
  const signer = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signed = body({ alg: 'HS256', typ: 'JWT', ...header }, claims);
  return `${signed}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', signer, encoder.encode(signed))))}`;
}

export function unsignedToken(claims: Claims): string {
  return `${body({ alg: 'none', typ: 'JWT' }, claims)}.`;
}

export { userClaims };

/**
 * Every token a function must refuse without verify_jwt, named: the publishable key, the anon
 * role and the service role validly signed (no user), an expired user token, a user token signed
 * by another key posing as the project's, unsigned, HS256 keyed with the public JWK (the
 * algorithm-confusion attack) and HS256 keyed with the legacy secret while the legacy keys are off.
 */
export async function refusedTokens(publishableKey: string, sub: string): Promise<Array<[string, string]>> {
  const key = projectSigningKey();
  const { d: _private, ...publicJwk } = key;
  const now = Math.floor(Date.now() / 1000);
  return [
    ['the publishable key', publishableKey],
    ['an anon token', await es256Token({ role: 'anon', iss: 'supabase', iat: now, exp: now + 600 }, key)],
    ['a service-role token', await es256Token({ role: 'service_role', iss: 'supabase', iat: now, exp: now + 600 }, key)],
    ['an expired token', await es256Token(userClaims(sub, -60), key)],
    ['a token signed by another key', await es256Token(userClaims(sub), await otherSigningKey(key.kid))],
    ['an unsigned token', unsignedToken(userClaims(sub))],
    ['HS256 keyed with the public key', await hs256Token(userClaims(sub), JSON.stringify(publicJwk), { kid: key.kid })],
    ['HS256 keyed with the legacy secret (legacy keys off)', await hs256Token(userClaims(sub), Deno.env.get('SUPABASE_JWT_SECRET') ?? '')],
    ['not a JWT', 'not-a-jwt'],
  ];
}
