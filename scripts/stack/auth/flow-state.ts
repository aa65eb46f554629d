// GoTrue's PKCE flow state (auth.flow_state): a request that carries a code_challenge leaves a row;
// the mail's link then redirects with `?code=` (the row's auth_code) instead of a session, and
// POST /token?grant_type=pkce trades that code and the client's code_verifier for the session.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { query, queryOne, sqlState, type Queryable } from './db.ts';
import { badRequest, notFound, unprocessable, validationFailed } from './errors.ts';
import type { AuthMethod } from './sessions.ts';

/** GoTrue's FlowStateExpiryDuration default: a code is good for five minutes after it is issued. */
export const flowStateExpirySeconds = 300;
/** What GoTrue puts before a mailed token when the request was a PKCE one. */
export const pkcePrefix = 'pkce_';

export type ChallengeMethod = 's256' | 'plain';
export interface CodeChallenge {
  challenge: string;
  method: ChallengeMethod;
}

/** The table GoTrue migrates for itself, as it has it (the enum as a checked text). */
export async function ensureFlowStateTable(pool: pg.Pool): Promise<void> {
  try {
    await pool.query(`
      create table if not exists auth.flow_state (
        id uuid primary key,
        user_id uuid null,
        auth_code text not null,
        code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
        code_challenge text not null,
        provider_type text not null,
        provider_access_token text null,
        provider_refresh_token text null,
        created_at timestamptz null,
        updated_at timestamptz null,
        authentication_method text not null,
        auth_code_issued_at timestamptz null
      );
      create index if not exists idx_auth_code on auth.flow_state (auth_code);
      create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method)`);
  } catch (error) {
    // Two gateways starting on one database race on the catalog; the table exists either way.
    if (sqlState(error) !== '23505' && sqlState(error) !== '42P07') throw error;
  }
}

/** GoTrue's validatePKCEParams: both fields or neither; undefined for the implicit flow. */
export function codeChallengeOf(challenge: string, method: string): CodeChallenge | undefined {
  if ((challenge === '') !== (method === '')) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return undefined;
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') throw validationFailed(`unsupported code_challenge_method ${method}`);
  if (challenge.length < 43 || challenge.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method: normalised };
}

/** GoTrue's generateFlowState for a flow that a mailed link will finish (recovery). */
export async function createFlowState(db: Queryable, userId: string, authenticationMethod: AuthMethod, { challenge, method }: CodeChallenge): Promise<void> {
  await query(
    db,
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), method, challenge, authenticationMethod],
  );
}

/** GoTrue's issueAuthCode: the newest flow state of the user for this method, stamped, its code. */
export async function issueAuthCode(db: Queryable, userId: string, authenticationMethod: string): Promise<string> {
  const row = await queryOne<{ auth_code: string }>(
    db,
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
      returning auth_code`,
    [userId, authenticationMethod],
  );
  if (!row) throw badRequest('flow_state_not_found', 'No associated flow state found.');
  return row.auth_code;
}

/** GoTrue's PKCE grant check: spends the flow state of `authCode` if `verifier` proves it; its user and method. */
export async function redeemAuthCode(db: Queryable, authCode: string, verifier: string): Promise<{ userId: string; authenticationMethod: AuthMethod }> {
  const state = await queryOne<{ id: string; user_id: string | null; code_challenge_method: ChallengeMethod; code_challenge: string; authentication_method: string; expired: boolean }>(
    db,
    `select id, user_id, code_challenge_method, code_challenge, authentication_method,
            coalesce(auth_code_issued_at, created_at) + make_interval(secs => $2) < now() as expired
       from auth.flow_state where auth_code = $1 for update`,
    [authCode, flowStateExpirySeconds],
  );
  if (!state?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (state.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  const computed = state.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (computed !== state.code_challenge) throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await query(db, 'delete from auth.flow_state where id = $1', [state.id]);
  // Rows are written by createFlowState only, with an AuthMethod.
  return { userId: state.user_id, authenticationMethod: state.authentication_method as AuthMethod };
}
