// Who is calling: GoTrue's requireAuthentication (a user's access token, whose user and session
// must still exist) and requireAdminCredentials (a token whose role is an admin role).
import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { bearerToken } from '../http.ts';
import { JwtError, verifyAccessToken, type JwtClaims } from '../keys.ts';
import { accessTokenKeys } from '../project-keys.ts';
import { queryOne, type Queryable } from './db.ts';
import { AuthHttpError, badRequest, forbidden } from './errors.ts';
import { isUuid, nilUuid } from './identifiers.ts';
import { isBanned, type UserRow } from './user-json.ts';
import { findUserById } from './users.ts';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  /** Undefined for a token without a session (GoTrue accepts those). */
  sessionId: string | undefined;
}

const adminRoles = ['service_role', 'supabase_admin'];

function claimsOf(req: IncomingMessage, context: StackContext): JwtClaims {
  const token = bearerToken(req);
  if (!token) throw new AuthHttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return verifyAccessToken(token, accessTokenKeys(context));
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    const reason = error.kind === 'claims' ? 'token has invalid claims: token is expired' : 'token signature is invalid: signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** GoTrue's maybeLoadUserOrSession. */
async function loadCaller(db: Queryable, claims: JwtClaims): Promise<Caller> {
  if (typeof claims.sub !== 'string' || claims.sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id;
  if (sessionId === undefined || sessionId === null || sessionId === '' || sessionId === nilUuid) return { claims, user, sessionId: undefined };
  if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const session = await queryOne(db, 'select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id]);
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, sessionId };
}

export async function requireUser(req: IncomingMessage, context: StackContext, db: Queryable): Promise<Caller> {
  const caller = await loadCaller(db, claimsOf(req, context));
  if (isBanned(caller.user)) throw forbidden('user_banned', 'User is banned');
  return caller;
}

export async function requireAdmin(req: IncomingMessage, context: StackContext, db: Queryable): Promise<JwtClaims> {
  const claims = claimsOf(req, context);
  // A token from a real session must still be live, whatever its role.
  if (typeof claims.session_id === 'string' && claims.session_id !== '' && claims.session_id !== nilUuid) await loadCaller(db, claims);
  if (typeof claims.role !== 'string' || !adminRoles.includes(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}

/** The audience of a token's `aud` claim (a string or an array), if any. */
export function tokenAudience(claims: JwtClaims): string | undefined {
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  return typeof aud === 'string' && aud !== '' ? aud : undefined;
}
