// Signed-URL tokens as storage-api makes them: HS256 JWTs with the project secret naming the
// object (`url`: `bucket/path`), the action (`scope`) and `exp`. Verification refuses a bad or
// expired token (InvalidJWT), one for another action or another object (InvalidSignature).
import { JwtError, signJwt, verifyJwt } from '../keys.ts';
import { errors } from './errors.ts';

export type SignedScope = 'download' | 'upload';

export interface SignedToken {
  url: string;
  scope: SignedScope;
  exp: number;
  /** Upload tokens: who asked for the URL (the object's owner) and whether it may overwrite. */
  owner?: string;
  upsert?: boolean;
}

/** storage-api answers with jsonwebtoken's wording. */
function jwtMessage(error: JwtError): string {
  if (error.kind === 'claims') return 'jwt expired';
  return error.message.includes('Signature') ? 'invalid signature' : 'jwt malformed';
}

export function signObjectToken(
  secret: string,
  claims: { bucketId: string; name: string; scope: SignedScope; expiresIn: number; owner?: string | undefined; upsert?: boolean },
): string {
  const iat = Math.floor(Date.now() / 1000);
  const token: Record<string, unknown> = { url: `${claims.bucketId}/${claims.name}`, scope: claims.scope, iat, exp: iat + claims.expiresIn };
  if (claims.scope === 'upload') Object.assign(token, { owner: claims.owner, upsert: claims.upsert ?? false });
  return signJwt(token, secret);
}

export function verifyObjectToken(secret: string, token: string, bucketId: string, name: string, scope: SignedScope): SignedToken {
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError) throw errors.invalidJwt(jwtMessage(error));
    throw error;
  }
  if (claims.scope !== scope) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${bucketId}/${name}`) throw errors.invalidSignature();
  if (typeof claims.exp !== 'number') throw errors.expiredToken();
  return claims as unknown as SignedToken;
}

/** `expiresIn` of a sign request: a whole number of seconds, at least one. */
export function expiresInOf(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (value === undefined || value === null) throw errors.missingParameter('expiresIn');
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 1) throw errors.invalidRequest('body/expiresIn must be >= 1');
  return Math.floor(seconds);
}
