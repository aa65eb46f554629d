// HS256 JWTs signed with the local secret, and the anon and service-role keys derived from it,
// shaped like the ones `supabase start` prints.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type JwtClaims = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');
const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
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

/** Verifies signature and expiry; returns the claims or throws a JwtError with PostgREST's wording. */
export function verifyJwt(token: string, secret: string, now = Date.now() / 1000): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'decode');
  const [head, body, signature] = parts as [string, string, string];
  let alg: unknown;
  let claims: JwtClaims;
  try {
    alg = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')).alg;
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)', 'decode');
  }
  if (alg !== 'HS256') throw new JwtError('JWSError JWSInvalidSignature', 'decode');
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new JwtError('JWSError JWSInvalidSignature', 'decode');
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new JwtError('JWSError JWSInvalidSignature', 'decode');
  if (typeof claims.exp === 'number' && claims.exp <= now) throw new JwtError('JWT expired', 'claims');
  return claims;
}

/** The long-lived API keys of a local project (supabase start uses the same claims). */
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
