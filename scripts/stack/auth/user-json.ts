// A user as GoTrue serialises models.User: the field order of its struct, `omitempty` fields
// left out when empty, email and phone as '' when null, identities always an array.
import { rfc3339 } from './db.ts';
import type { JsonObject } from './request.ts';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject | null;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: string | null;
  phone_change: string | null;
  phone_change_sent_at: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  /** Built by json_agg, so its timestamps are Postgres's JSON text, normalised below. */
  identities: IdentityRow[];
}

export type UserJson = Record<string, unknown>;

const time = (value: string | null | undefined) => (value ? rfc3339(value) : undefined);

function omitEmpty(entries: Array<[string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== ''));
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    ...omitEmpty([['identity_data', identity.identity_data ?? undefined]]),
    provider: identity.provider,
    ...omitEmpty([['last_sign_in_at', time(identity.last_sign_in_at)]]),
    created_at: time(identity.created_at) ?? null,
    updated_at: time(identity.updated_at) ?? null,
    ...omitEmpty([['email', identity.email ?? undefined]]),
  };
}

export function userJson(user: UserRow): UserJson {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    ...omitEmpty([
      ['email_confirmed_at', time(user.email_confirmed_at)],
      ['invited_at', time(user.invited_at)],
    ]),
    phone: user.phone ?? '',
    ...omitEmpty([
      ['phone_confirmed_at', time(user.phone_confirmed_at)],
      ['confirmation_sent_at', time(user.confirmation_sent_at)],
      ['confirmed_at', time(user.confirmed_at)],
      ['recovery_sent_at', time(user.recovery_sent_at)],
      ['new_email', user.email_change ?? undefined],
      ['email_change_sent_at', time(user.email_change_sent_at)],
      ['new_phone', user.phone_change ?? undefined],
      ['phone_change_sent_at', time(user.phone_change_sent_at)],
      ['reauthentication_sent_at', time(user.reauthentication_sent_at)],
      ['last_sign_in_at', time(user.last_sign_in_at)],
    ]),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities.map(identityJson),
    created_at: time(user.created_at) ?? null,
    updated_at: time(user.updated_at) ?? null,
    ...omitEmpty([
      ['banned_until', time(user.banned_until)],
      ['deleted_at', time(user.deleted_at)],
    ]),
    is_anonymous: user.is_anonymous,
  };
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && Date.parse(rfc3339(user.banned_until)) > Date.now();
}
