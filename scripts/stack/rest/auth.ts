// Who a request runs as, as PostgREST decides it: no token → anon; a valid token (ES256 by the
// JWKS, HS256 while the legacy keys are on) → its
// `role` claim (anon when absent); a bad or expired token → 401 PGRST301/PGRST303.
import type { IncomingMessage } from 'node:http';
import { JwtError, verifyAccessToken, type AccessTokenKeys, type JwtClaims } from '../keys.ts';
import { errors } from './errors.ts';

export const anonRole = 'anon';

export interface RequestAuth {
  role: string;
  claims: JwtClaims;
  /** False for anon: a permission error is then 401 rather than 403. */
  authed: boolean;
}

export function authenticate(req: IncomingMessage, keys: AccessTokenKeys): RequestAuth {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^bearer(?:\s+(.*))?$/is.exec(header.trim());
  if (!match) return { role: anonRole, claims: { role: anonRole }, authed: false };
  const token = (match[1] ?? '').trim();
  if (!token) throw errors.jwt('decode', 'Empty JWT is sent in Authorization header');
  let claims: JwtClaims;
  try {
    claims = verifyAccessToken(token, keys);
  } catch (error) {
    if (error instanceof JwtError) throw errors.jwt(error.kind, error.message);
    throw errors.jwt('decode', 'JWT cryptographic operation failed');
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : anonRole;
  return { role, claims, authed: role !== anonRole };
}
