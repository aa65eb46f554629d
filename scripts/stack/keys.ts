// JWTs of the local stack: access tokens signed with the project's ES256 (or RS256) signing key (or, for the
// legacy world, HS256 with the JWT secret), their verification as the services do it, and the
// legacy anon and service-role keys derived from the secret, shaped like `supabase start`'s.
import { createHmac, randomBytes, sign, timingSafeEqual, verify } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { privateKeyObject, publicKeyId, publicKeyObject, type PublicJwk, type SigningKey } from './signing-keys.ts';

export type JwtClaims = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

/** An HS256 secret, or an ES256 or RS256 signing key. */
export type TokenKey = string | SigningKey;

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function signJwt(claims: JwtClaims, key: TokenKey): string {
  if (typeof key === 'string') {
    const body = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  }
  const body = `${base64url(JSON.stringify({ alg: key.alg, kid: key.kid, typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign('sha256', Buffer.from(body), { key: privateKeyObject(key), dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

export class JwtError extends Error {
  constructor(
    message: string,
    /** `decode` for a malformed token or bad signature, `claims` for an expired or invalid one. */
    readonly kind: 'decode' | 'claims',
  ) {
    super(message);
  }
}

/** What access tokens are checked against: the JWKS, and the legacy secret while legacy keys are on. */
export interface AccessTokenKeys {
  jwks: PublicJwk[];
  /** Undefined once the legacy keys are off: HS256 tokens are then refused. */
  legacySecret: string | undefined;
}

interface Decoded {
  header: Record<string, unknown>;
  claims: JwtClaims;
  signed: string;
  signature: Buffer;
}

const invalidSignature = () => new JwtError('JWSError JWSInvalidSignature', 'decode');

function decode(token: string): Decoded {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'decode');
  const [head, body, signature] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)', 'decode');
  }
  if (typeof header !== 'object' || header === null) throw invalidSignature();
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw invalidSignature();
  return { header: header as Record<string, unknown>, claims: claims as JwtClaims, signed: `${head}.${body}`, signature: Buffer.from(signature, 'base64url') };
}

function hs256Valid(decoded: Decoded, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(decoded.signed).digest();
  return decoded.signature.length === expected.length && timingSafeEqual(decoded.signature, expected);
}

/** ES256 or RS256: the JWKS key its `kid` names, of the header's algorithm, when it signed the token. */
function asymmetricSigner(decoded: Decoded, jwks: PublicJwk[]): PublicJwk | undefined {
  const key = jwks.find((k) => k.kid === decoded.header.kid && k.alg === decoded.header.alg);
  if (!key || (key.alg === 'ES256' && decoded.signature.length !== 64)) return undefined;
  return verify('sha256', Buffer.from(decoded.signed), { key: publicKeyObject(key), dsaEncoding: 'ieee-p1363' }, decoded.signature) ? key : undefined;
}

function checkExpiry(claims: JwtClaims, now: number): JwtClaims {
  if (typeof claims.exp === 'number' && claims.exp <= now) throw new JwtError('JWT expired', 'claims');
  return claims;
}

/** HS256 only, with one secret: Storage's signed-URL tokens. Returns the claims or throws a JwtError with PostgREST's wording. */
export function verifyJwt(token: string, secret: string, now = Date.now() / 1000): JwtClaims {
  const decoded = decode(token);
  if (decoded.header.alg !== 'HS256' || !hs256Valid(decoded, secret)) throw invalidSignature();
  return checkExpiry(decoded.claims, now);
}

/** A token whose signature was found valid, and by what: it stays valid while that key is trusted. */
interface Verified {
  claims: JwtClaims;
  /** The JWKS key's `publicKeyId`, or `hs256:<secret>`. */
  by: string;
}

// PostgREST's JWT cache (jwt-cache-max-lifetime): a client sends the same token with every
// request for up to an hour, and checking an ES256 signature costs more CPU than the rest of a
// one-row read. A hit is re-checked against the keys trusted now (a key rotated out or the legacy
// keys switched off end it) and against its expiry; only valid tokens are kept, the oldest
// dropped past the bound.
const verifiedLimit = 10_000;
const verified = new Map<string, Verified>();

function stillTrusted(entry: Verified, keys: AccessTokenKeys): boolean {
  if (entry.by.startsWith('hs256:')) return keys.legacySecret !== undefined && entry.by === `hs256:${keys.legacySecret}`;
  return keys.jwks.some((key) => publicKeyId(key) === entry.by);
}

/** What verified the token now, or undefined when nothing did. */
function verifiedBy(decoded: Decoded, keys: AccessTokenKeys): string | undefined {
  const { alg } = decoded.header;
  if (alg === 'ES256' || alg === 'RS256') {
    const key = asymmetricSigner(decoded, keys.jwks);
    return key && publicKeyId(key);
  }
  return alg === 'HS256' && keys.legacySecret !== undefined && hs256Valid(decoded, keys.legacySecret) ? `hs256:${keys.legacySecret}` : undefined;
}

/**
 * An access token, as PostgREST, GoTrue, Realtime and Storage verify it: ES256 (or RS256) by the
 * key its `kid` names in the JWKS; HS256 by the legacy secret only while the legacy keys are on; any
 * other algorithm (`none`, an HS256 token keyed with the public key) refused. Returns a copy of
 * the claims, which the caller may change.
 */
export function verifyAccessToken(token: string, keys: AccessTokenKeys, now = Date.now() / 1000): JwtClaims {
  const hit = verified.get(token);
  if (hit && stillTrusted(hit, keys)) return { ...checkExpiry(hit.claims, now) };
  const decoded = decode(token);
  const by = verifiedBy(decoded, keys);
  if (!by) throw invalidSignature();
  const claims = checkExpiry(decoded.claims, now);
  verified.delete(token);
  verified.set(token, { claims: { ...claims }, by });
  if (verified.size > verifiedLimit) verified.delete(verified.keys().next().value!);
  return claims;
}

/** The long-lived legacy API keys of a local project (supabase start uses the same claims). */
export function apiKeys(secret: string): { anonKey: string; serviceRoleKey: string } {
  const exp = 1983812996;
  return {
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', exp }, secret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', exp }, secret),
  };
}

export function newJwtSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The development stack's secret, made once and kept in a git-ignored file. */
export function persistentJwtSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = newJwtSecret();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
