// POST /signup, as GoTrue's Signup with an email provider: a session at once when sign-ups are
// auto-confirmed, otherwise the bare user and a confirmation mail in the outbox.
import { randomUUID } from 'node:crypto';
import { sendJson } from '../http.ts';
import { isUniqueViolation, transaction } from './db.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { validateEmail } from './identifiers.ts';
import { redirectTarget, sendConfirmation } from './mailer.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { objectField, readJsonObject, stringField, type JsonObject } from './request.ts';
import type { RouteHandler } from './route.ts';
import { clientInfo, issueSession } from './sessions.ts';
import { userJson, type UserJson, type UserRow } from './user-json.ts';
import { confirmEmail, defaultAudience, emailIdentityData, emailTaken, findUserById, insertIdentity, insertUser } from './users.ts';

const emailProvider = { provider: 'email', providers: ['email'] };
const alreadyRegistered = () => unprocessable('user_already_exists', 'User already registered');

/**
 * GoTrue's sanitizeUser: what a repeated sign-up of a confirmed address gets when confirmation
 * is on, so the answer does not reveal that the address is registered.
 */
function fakeUser(existing: UserRow, data: JsonObject): UserJson {
  const now = new Date().toISOString();
  return userJson({
    ...existing,
    id: randomUUID(),
    aud: defaultAudience,
    role: '',
    phone: null,
    email_change: null,
    created_at: now,
    updated_at: now,
    confirmation_sent_at: now,
    last_sign_in_at: null,
    confirmed_at: null,
    email_change_sent_at: null,
    email_confirmed_at: null,
    phone_confirmed_at: null,
    raw_app_meta_data: emailProvider,
    raw_user_meta_data: data,
    identities: [],
  });
}

export const signup: RouteHandler = async ({ req, res, url, deps }) => {
  const { context, pool, outbox } = deps;
  const body = await readJsonObject(req);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  // Read like GoTrue's params struct so a wrongly typed PKCE field is bad_json there too.
  stringField(body, 'code_challenge');
  stringField(body, 'code_challenge_method');

  if (email === '' && phone === '') throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  deps.limits.takeRequest('signups', req);
  if (password === '') throw validationFailed('Signup requires a valid password');
  assertStrongPassword(password);
  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const address = validateEmail(email);
  const autoconfirm = context.settings.autoconfirm;
  const redirectTo = redirectTarget(context, req, url.searchParams.get('redirect_to'));

  const existing = await emailTaken(pool, address, defaultAudience);
  if (existing) {
    // GoTrue would confirm an unconfirmed account here and sign the caller in without checking
    // the password; the local stack refuses instead of handing out someone else's session.
    if (autoconfirm) throw alreadyRegistered();
    if (existing.email_confirmed_at) {
      sendJson(res, 200, fakeUser(existing, data));
      return;
    }
    deps.limits.takeEmail();
    const mail = await sendConfirmation(pool, context, { id: existing.id, email: address }, redirectTo);
    outbox.record(mail);
    sendJson(res, 200, userJson((await findUserById(pool, existing.id))!));
    return;
  }

  // Hash outside the transaction: bcrypt is slow on purpose.
  const passwordHash = await hashPassword(password);
  try {
    const answer = await transaction(pool, async (db) => {
      const id = randomUUID();
      await insertUser(db, { id, aud: defaultAudience, role: 'authenticated', email: address, phone: null, passwordHash, appMetadata: emailProvider, userMetadata: data });
      await insertIdentity(db, id, 'email', { ...data, ...emailIdentityData(id, address) });
      if (autoconfirm) {
        await confirmEmail(db, id);
        return { body: await issueSession(db, context, id, 'password', clientInfo(req)) };
      }
      // Refused past the limit, the sign-up is rolled back with it, as in GoTrue.
      deps.limits.takeEmail();
      const mail = await sendConfirmation(db, context, { id, email: address }, redirectTo);
      return { body: userJson((await findUserById(db, id))!), mail };
    });
    if (answer.mail) outbox.record(answer.mail);
    sendJson(res, 200, answer.body);
  } catch (error) {
    // A concurrent sign-up with the same address won the race for the unique index.
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
};
