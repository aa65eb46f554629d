// POST /admin/users and PUT /admin/users/:id (GoTrue's adminUserCreate and adminUserUpdate):
// the service role creates confirmed or unconfirmed users and edits any field of theirs.
import { randomUUID } from 'node:crypto';
import { sendJson } from '../http.ts';
import { requireAdmin } from './authenticate.ts';
import { isUniqueViolation, query, transaction, type Queryable } from './db.ts';
import { unprocessable, validationFailed } from './errors.ts';
import { isUuid, nilUuid, parseGoDuration, validateEmail, validatePhone } from './identifiers.ts';
import { assertStrongPassword, hashPassword, isBcryptHash, randomPassword } from './passwords.ts';
import { booleanField, mergeMetadata, objectField, optionalStringField, readJsonObject, stringField, type JsonObject } from './request.ts';
import type { RouteHandler } from './route.ts';
import { loadUser } from './admin-users.ts';
import { logout } from './sessions.ts';
import { userJson } from './user-json.ts';
import { confirmEmail, defaultAudience, emailIdentityData, emailTaken, findUserById, insertIdentity, insertUser, phoneTaken, setEmail, setPassword, setUserMetadata } from './users.ts';

const duplicateEmail = () => unprocessable('email_exists', 'A user with this email address has already been registered');
const duplicatePhone = () => unprocessable('phone_exists', 'Phone number already registered by another user');

/** A unique violation from a write, as the 422 GoTrue gives for the duplicate it guards. */
function duplicateOf(error: unknown): Error {
  if (isUniqueViolation(error, 'users_pkey')) return unprocessable('user_already_exists', 'A user with this ID already exists');
  if (isUniqueViolation(error, 'users_phone_key')) return duplicatePhone();
  return isUniqueViolation(error) ? duplicateEmail() : (error as Error);
}

/** ban_duration: a Go duration, or "none" to lift a ban; undefined when not given. */
function banUntil(body: JsonObject): { until: Date | null } | undefined {
  const text = stringField(body, 'ban_duration');
  if (text === '') return undefined;
  if (text === 'none') return { until: null };
  const ms = parseGoDuration(text);
  if (ms === undefined) throw validationFailed(`invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`);
  return { until: ms === 0 ? null : new Date(Date.now() + ms) };
}

async function applyCommon(db: Queryable, userId: string, body: JsonObject, ban: { until: Date | null } | undefined): Promise<void> {
  if (booleanField(body, 'email_confirm')) await confirmEmail(db, userId);
  if (booleanField(body, 'phone_confirm')) await query(db, 'update auth.users set phone_confirmed_at = now(), updated_at = now() where id = $1', [userId]);
  if (ban) await query(db, 'update auth.users set banned_until = $2, updated_at = now() where id = $1', [userId, ban.until]);
}

export const createUser: RouteHandler = async ({ req, res, deps }) => {
  await requireAdmin(req, deps.context, deps.pool);
  const body = await readJsonObject(req);
  const aud = stringField(body, 'aud') || defaultAudience;
  const role = stringField(body, 'role').trim() || 'authenticated';
  const emailParam = stringField(body, 'email');
  const phoneParam = stringField(body, 'phone');
  const password = optionalStringField(body, 'password');
  const passwordHash = stringField(body, 'password_hash');
  const userMetadata = objectField(body, 'user_metadata') ?? {};
  const appMetadata = objectField(body, 'app_metadata');
  const customId = stringField(body, 'id');

  if (emailParam === '' && phoneParam === '') throw validationFailed('Cannot create a user without either an email or phone');
  const providers: string[] = [];
  const email = emailParam === '' ? null : validateEmail(emailParam);
  if (email) {
    if (await emailTaken(deps.pool, email, aud)) throw duplicateEmail();
    providers.push('email');
  }
  const phone = phoneParam === '' ? null : validatePhone(phoneParam);
  if (phone) {
    if (await phoneTaken(deps.pool, phone, aud)) throw duplicatePhone();
    providers.push('phone');
  }
  if (password !== undefined && passwordHash !== '') throw validationFailed('Only a password or a password hash should be provided');
  if (passwordHash !== '' && !isBcryptHash(passwordHash)) throw validationFailed('Invalid password hash: the local stack accepts bcrypt hashes only');
  if (customId !== '' && !isUuid(customId)) throw validationFailed('ID must conform to the uuid v4 format');
  if (customId === nilUuid) throw validationFailed('ID cannot be a nil uuid');
  const ban = banUntil(body);
  // Like GoTrue, an admin may set a password shorter than sign-up allows; an absent one is random.
  const hash = passwordHash || (await hashPassword(password || randomPassword()));

  try {
    const created = await transaction(deps.pool, async (db) => {
      const id = customId || randomUUID();
      const app = mergeMetadata({ provider: providers[0], providers }, appMetadata ?? {});
      await insertUser(db, { id, aud, role, email, phone, passwordHash: hash, appMetadata: app, userMetadata });
      if (email) await insertIdentity(db, id, 'email', emailIdentityData(id, email));
      if (phone) await insertIdentity(db, id, 'phone', { sub: id, phone, email_verified: false, phone_verified: false });
      await applyCommon(db, id, body, ban);
      return userJson((await findUserById(db, id))!);
    });
    sendJson(res, 200, created);
  } catch (error) {
    throw duplicateOf(error);
  }
};

export const updateUserById: RouteHandler = async (request) => {
  const { req, res, deps } = request;
  const user = await loadUser(request);
  const body = await readJsonObject(req);
  const emailParam = stringField(body, 'email');
  const phoneParam = stringField(body, 'phone');
  const role = stringField(body, 'role').trim();
  const password = optionalStringField(body, 'password');
  const userMetadata = objectField(body, 'user_metadata');
  const appMetadata = objectField(body, 'app_metadata');
  const email = emailParam === '' ? '' : validateEmail(emailParam);
  const phone = phoneParam === '' ? '' : validatePhone(phoneParam);
  const ban = banUntil(body);
  if (password !== undefined) assertStrongPassword(password);
  const hash = password === undefined ? undefined : await hashPassword(password);

  try {
    const updated = await transaction(deps.pool, async (db) => {
      const current = (await findUserById(db, user.id, { forUpdate: true }))!;
      if (role) await query(db, 'update auth.users set role = $2, updated_at = now() where id = $1', [user.id, role]);
      await applyCommon(db, user.id, body, ban);
      if (hash !== undefined) {
        await setPassword(db, user.id, hash);
        await logout(db, user.id, undefined, 'global');
      }
      if (email) await setEmail(db, user.id, email, booleanField(body, 'email_confirm'));
      if (phone) await query(db, 'update auth.users set phone = $2, updated_at = now() where id = $1', [user.id, phone]);
      if (appMetadata) await setUserMetadata(db, user.id, 'raw_app_meta_data', mergeMetadata(current.raw_app_meta_data, appMetadata));
      if (userMetadata) {
        // Re-read: confirming above may have added email_verified to the metadata.
        const fresh = (await findUserById(db, user.id))!;
        await setUserMetadata(db, user.id, 'raw_user_meta_data', mergeMetadata(fresh.raw_user_meta_data, userMetadata));
      }
      return userJson((await findUserById(db, user.id))!);
    });
    sendJson(res, 200, updated);
  } catch (error) {
    throw duplicateOf(error);
  }
};
