// GET and PUT /user: the signed-in user reads and updates themself (GoTrue's UserGet/UserUpdate).
import { sendJson } from '../http.ts';
import { requireUser, tokenAudience } from './authenticate.ts';
import { transaction } from './db.ts';
import { forbidden, unprocessable, validationFailed } from './errors.ts';
import { validateEmail, validatePhone } from './identifiers.ts';
import { redirectTarget, sendEmailChange, type SentMail } from './mailer.ts';
import { assertStrongPassword, hashPassword, passwordMatches } from './passwords.ts';
import { mergeMetadata, objectField, optionalStringField, readJsonObject, stringField } from './request.ts';
import type { RouteHandler } from './route.ts';
import { logout } from './sessions.ts';
import { userJson } from './user-json.ts';
import { defaultAudience, emailTaken, findUserById, setPassword, setUserMetadata } from './users.ts';

export const getUser: RouteHandler = async ({ req, res, deps }) => {
  const caller = await requireUser(req, deps.context, deps.pool);
  if (!tokenAudience(caller.claims)) throw validationFailed("Token audience doesn't match request audience");
  sendJson(res, 200, userJson(caller.user));
};

export const updateUser: RouteHandler = async ({ req, res, url, deps }) => {
  const { context, pool, outbox } = deps;
  const caller = await requireUser(req, context, pool);
  deps.limits.takeRequest('user', req);
  const body = await readJsonObject(req);
  const emailParam = stringField(body, 'email');
  const phoneParam = stringField(body, 'phone');
  const password = optionalStringField(body, 'password');
  const data = objectField(body, 'data');
  const appData = objectField(body, 'app_metadata');
  const { user } = caller;

  const email = emailParam === '' ? '' : validateEmail(emailParam);
  const phone = phoneParam === '' ? '' : validatePhone(phoneParam);
  if (password !== undefined) assertStrongPassword(password);
  // GoTrue's isAdmin needs an 'admin' role on the user, which no user of this project has.
  if (appData) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  const changesEmail = email !== '' && email !== user.email;
  if (changesEmail && (await emailTaken(pool, email, user.aud ?? defaultAudience, user.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (phone !== '' && phone !== user.phone) {
    throw unprocessable('phone_provider_disabled', 'Phone numbers cannot be changed: the local stack sends no SMS');
  }
  if (password && (await passwordMatches(password, user.encrypted_password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);

  const { body: updated, mail } = await transaction(pool, async (db) => {
    const current = (await findUserById(db, user.id, { forUpdate: true }))!;
    if (passwordHash !== undefined) {
      await setPassword(db, user.id, passwordHash);
      // A new password ends every other session, as GoTrue's UpdatePassword does.
      await logout(db, user.id, caller.sessionId, 'others');
    }
    if (data) await setUserMetadata(db, user.id, 'raw_user_meta_data', mergeMetadata(current.raw_user_meta_data, data));
    let sent: SentMail | undefined;
    if (changesEmail) {
      deps.limits.takeEmail();
      sent = await sendEmailChange(db, context, user.id, email, redirectTarget(context, req, url.searchParams.get('redirect_to')));
    }
    return { body: userJson((await findUserById(db, user.id))!), mail: sent };
  });
  if (mail) outbox.record(mail);
  sendJson(res, 200, updated);
};
