// Sessions as GoTrue keeps them: a row in auth.sessions (the JWT's session_id), its sign-in
// methods in auth.mfa_amr_claims (the JWT's amr), and a chain of refresh tokens in
// auth.refresh_tokens where each use revokes the token and issues a child (rotation).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { StackContext } from '../context.ts';
import { signAccessToken, type AmrEntry } from './access-token.ts';
import { query, queryOne, sqlState, transaction, type Queryable } from './db.ts';
import { AuthHttpError, badRequest } from './errors.ts';
import { isUuid, nilUuid } from './identifiers.ts';
import { secureAlphanumeric, type WeakPassword } from './passwords.ts';
import { isBanned, userJson, type UserJson } from './user-json.ts';
import { findUserById } from './users.ts';

/**
 * The amr methods the local service signs in with; the last four are also GoTrue's names of the
 * flows a mailed PKCE link finishes (auth.flow_state.authentication_method).
 */
export type AuthMethod = 'password' | 'otp' | 'recovery' | 'magiclink' | 'email/signup' | 'email_change';

export interface SessionBody {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: WeakPassword;
}

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export function clientInfo(req: IncomingMessage): ClientInfo {
  return { userAgent: req.headers['user-agent'] ?? null, ip: req.socket.remoteAddress ?? null };
}

/**
 * GoTrue migrates its own schema when it starts; the platform bootstrap creates the tables the
 * shop touches, and this adds the one only GoTrue reads (the amr of each session).
 */
export async function ensureSessionTables(pool: pg.Pool): Promise<void> {
  try {
    await pool.query(`
      create table if not exists auth.mfa_amr_claims (
        session_id uuid not null references auth.sessions (id) on delete cascade,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        authentication_method text not null,
        id uuid not null primary key,
        constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
      )`);
  } catch (error) {
    // Two gateways starting on one database race on the catalog; the table exists either way.
    if (sqlState(error) !== '23505' && sqlState(error) !== '42P07') throw error;
  }
}

async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = secureAlphanumeric(12);
  await query(
    db,
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [nilUuid, token, userId, parent, sessionId],
  );
  return token;
}

async function amrOf(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const rows = await query<{ method: string; at: string }>(
    db,
    `select authentication_method as method, extract(epoch from updated_at)::bigint::text as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.at) }));
}

async function sessionBody(db: Queryable, context: StackContext, userId: string, sessionId: string, refreshToken: string): Promise<SessionBody> {
  const user = await findUserById(db, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  const { token, expiresAt } = signAccessToken(context, user, sessionId, await amrOf(db, sessionId));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: context.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** A new session for a user who just proved who they are (GoTrue's IssueRefreshToken). */
export async function issueSession(db: Queryable, context: StackContext, userId: string, method: AuthMethod, client: ClientInfo): Promise<SessionBody> {
  const sessionId = randomUUID();
  await query(
    db,
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, userId, client.userAgent, client.ip],
  );
  await query(
    db,
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method) values ($1, $2, now(), now(), $3)`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  await query(db, 'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  return sessionBody(db, context, userId, sessionId, refreshToken);
}

const tokenNotFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh_token grant. Any second use of a token is GoTrue's reuse detection: the whole
 * session's tokens are revoked (committed) and the caller gets refresh_token_already_used.
 */
export async function refreshSession(pool: pg.Pool, context: StackContext, refreshToken: string, client: ClientInfo): Promise<SessionBody> {
  const outcome = await transaction(pool, async (db): Promise<{ body: SessionBody } | { refused: AuthHttpError }> => {
    const found = await queryOne<{ id: string; session_id: string | null }>(db, 'select id, session_id from auth.refresh_tokens where token = $1', [refreshToken]);
    if (!found) throw tokenNotFound();
    // Lock the session before the token: logout deletes in that order (session, then cascade).
    const session = found.session_id
      ? await queryOne<{ id: string; not_after: string | null }>(db, 'select id, not_after from auth.sessions where id = $1 for update', [found.session_id])
      : undefined;
    const row = await queryOne<{ token: string; revoked: boolean | null; user_id: string | null }>(
      db,
      'select token, revoked, user_id from auth.refresh_tokens where id = $1 for update',
      [found.id],
    );
    const user = row && isUuid(row.user_id) ? await findUserById(db, row.user_id) : undefined;
    if (!row || !user) throw tokenNotFound();
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!session) {
      await query(db, 'delete from auth.refresh_tokens where id = $1', [found.id]);
      return { refused: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    }
    if (session.not_after && Date.parse(session.not_after) <= Date.now()) throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    if (row.revoked) {
      await query(db, 'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [session.id]);
      return { refused: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }
    await query(db, 'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [found.id]);
    const next = await insertRefreshToken(db, user.id, session.id, row.token);
    await query(
      db,
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = $2, ip = $3 where id = $1`,
      [session.id, client.userAgent, client.ip],
    );
    return { body: await sessionBody(db, context, user.id, session.id, next) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.body;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** GoTrue's Logout / LogoutSession / LogoutAllExceptMe; a session-less token logs out everywhere. */
export async function logout(db: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (sessionId && scope === 'local') {
    await query(db, 'delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await query(db, 'delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await query(db, 'delete from auth.sessions where user_id = $1', [userId]);
    await query(db, 'delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}
