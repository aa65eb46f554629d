// auth.users and auth.identities: the reads and writes every route shares.
import { randomUUID } from 'node:crypto';
import { query, queryOne, type Queryable } from './db.ts';
import { nilUuid } from './identifiers.ts';
import type { JsonObject } from './request.ts';
import type { UserRow } from './user-json.ts';

/** The audience GoTrue gives its users (JWT_AUD). */
export const defaultAudience = 'authenticated';

const userColumns = `u.id, u.aud, u.role, u.email, u.phone, u.encrypted_password, u.email_confirmed_at, u.invited_at,
  u.phone_confirmed_at, u.confirmation_token, u.confirmation_sent_at, u.confirmed_at, u.recovery_sent_at,
  u.email_change, u.email_change_token_new, u.email_change_sent_at, u.phone_change, u.phone_change_sent_at,
  u.reauthentication_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.created_at,
  u.updated_at, u.banned_until, u.deleted_at, u.is_anonymous,
  coalesce((select json_agg(i order by i.created_at, i.id)
            from (select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
                  from auth.identities where user_id = u.id) i), '[]'::json) as identities`;

/** `select` of whole users (with identities) from `auth.users u`, for the caller's where/order. */
export const selectUsers = `select ${userColumns} from auth.users u`;

export async function findUserById(db: Queryable, id: string, { forUpdate = false } = {}): Promise<UserRow | undefined> {
  return queryOne<UserRow>(db, `${selectUsers} where u.id = $1${forUpdate ? ' for update of u' : ''}`, [id]);
}

export async function findUserByEmail(db: Queryable, email: string, aud: string): Promise<UserRow | undefined> {
  return queryOne<UserRow>(db, `${selectUsers} where lower(u.email) = $1 and u.aud = $2 and u.is_sso_user = false`, [email.toLowerCase(), aud]);
}

/** GoTrue's IsDuplicatedEmail: an identity or a user of the same audience holds the address. */
export async function emailTaken(db: Queryable, email: string, aud: string, exceptUserId?: string): Promise<UserRow | undefined> {
  return queryOne<UserRow>(
    db,
    `${selectUsers}
     where u.aud = $2 and u.id is distinct from $3::uuid
       and (lower(u.email) = $1 or exists (select 1 from auth.identities i where i.user_id = u.id and i.email = $1))
     order by u.created_at limit 1`,
    [email.toLowerCase(), aud, exceptUserId ?? null],
  );
}

export async function phoneTaken(db: Queryable, phone: string, aud: string): Promise<boolean> {
  return (await query(db, 'select 1 from auth.users where phone = $1 and aud = $2', [phone, aud])).length > 0;
}

export interface NewUser {
  id?: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  passwordHash: string;
  appMetadata: JsonObject;
  userMetadata: JsonObject;
}

/** Inserts the user row only; shop triggers on auth.users (profiles) run inside the caller's transaction. */
export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID();
  await query(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now(), false)`,
    [nilUuid, id, user.aud, user.role, user.email, user.phone, user.passwordHash, user.appMetadata, user.userMetadata],
  );
  return id;
}

/** GoTrue's identity for a provider: provider_id is the user id, identity_data its claims. */
export async function insertIdentity(db: Queryable, userId: string, provider: string, identityData: JsonObject): Promise<void> {
  await query(
    db,
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now())`,
    [randomUUID(), userId, userId, identityData, provider],
  );
}

/** The email identity's claims, as structs.Map(provider.Claims{Subject, Email}) gives them. */
export function emailIdentityData(userId: string, email: string, verified = false): JsonObject {
  return { sub: userId, email, email_verified: verified, phone_verified: false };
}

/** GoTrue's User.Confirm: confirmed now, the link spent, `email_verified` in user_metadata. */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await query(
    db,
    `update auth.users
        set email_confirmed_at = now(), confirmation_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [userId],
  );
}

export async function markIdentityEmailVerified(db: Queryable, userId: string, email: string): Promise<void> {
  await query(
    db,
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and email = $2`,
    [userId, email],
  );
}

export async function setUserMetadata(db: Queryable, userId: string, column: 'raw_user_meta_data' | 'raw_app_meta_data', value: JsonObject): Promise<void> {
  const sql =
    column === 'raw_user_meta_data'
      ? 'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1'
      : 'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1';
  await query(db, sql, [userId, value]);
}

/** GoTrue's UpdatePassword: the new hash, and every pending one-time token voided. */
export async function setPassword(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await query(
    db,
    `update auth.users
        set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null, recovery_token = '',
            recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
            email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
            reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
      where id = $1`,
    [userId, passwordHash],
  );
}

/** Sets the email and keeps the email identity in step (creating it when the user had none). */
export async function setEmail(db: Queryable, userId: string, email: string, verified: boolean): Promise<void> {
  await query(db, 'update auth.users set email = $2, updated_at = now() where id = $1', [userId, email]);
  const updated = await query(
    db,
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
      where user_id = $1 and provider = 'email' returning id`,
    [userId, email, verified],
  );
  if (updated.length === 0) await insertIdentity(db, userId, 'email', emailIdentityData(userId, email, verified));
}
