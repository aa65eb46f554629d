// POST /signup, as GoTrue's Signup with an email provider: a session at once when sign-ups are
// auto-confirmed, otherwise the bare user and a confirmation mail in the outbox (with a PKCE
// challenge, its link answers with a code to exchange).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { sendJson } from '../http.ts';
import { isUniqueViolation, transaction, type Queryable } from './db.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { codeChallengeOf, createFlowState, pkcePrefix, type CodeChallenge } from './flow-state.ts';
import { validateEmail } from './identifiers.ts';
import { redirectTarget, sendConfirmation, type SentMail } from './mailer.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { objectField, readJsonObject, stringField, type JsonObject } from './request.ts';
import type { AuthDeps, RouteHandler } from './route.ts';
import { clientInfo, issueSession, type SessionBody } from './sessions.ts';
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

export interface EmailSignup {
  address: string;
  password: string;
  data: JsonObject;
  redirectTo: string;
  challenge: CodeChallenge | undefined;
}

/** A confirmation mail, with a PKCE flow state when the request carried a challenge. */
async function mailConfirmation(db: Queryable, context: StackContext, user: { id: string; email: string }, redirectTo: string, challenge: CodeChallenge | undefined): Promise<SentMail> {
  if (!challenge) return sendConfirmation(db, context, user, redirectTo);
  await createFlowState(db, user.id, 'email/signup', challenge);
  return sendConfirmation(db, context, user, redirectTo, pkcePrefix);
}

/**
 * GoTrue's Signup for an address: the new user and a session when sign-ups are auto-confirmed,
 * otherwise the bare user and a confirmation mail (recorded in the outbox once committed). /otp
 * signs unknown addresses up through it too.
 */
export async function signUpByEmail({ context, pool, outbox, limits }: AuthDeps, req: IncomingMessage, signup: EmailSignup): Promise<UserJson | SessionBody> {
  const { address, password, data, redirectTo, challenge } = signup;
  const autoconfirm = context.settings.autoconfirm;
  const existing = await emailTaken(pool, address, defaultAudience);
  if (existing) {
    // GoTrue would confirm an unconfirmed account here and sign the caller in without checking
    // the password; the local stack refuses instead of handing out someone else's session.
    if (autoconfirm) throw alreadyRegistered();
    if (existing.email_confirmed_at) return fakeUser(existing, data);
    limits.takeEmail();
    const { mail, user } = await transaction(pool, async (db) => {
      const mail = await mailConfirmation(db, context, { id: existing.id, email: address }, redirectTo, challenge);
      return { mail, user: userJson((await findUserById(db, existing.id))!) };
    });
    outbox.record(mail);
    return user;
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
      limits.takeEmail();
      const mail = await mailConfirmation(db, context, { id, email: address }, redirectTo, challenge);
      return { body: userJson((await findUserById(db, id))!), mail };
    });
    if (answer.mail) outbox.record(answer.mail);
    return answer.body;
  } catch (error) {
    // A concurrent sign-up with the same address won the race for the unique index.
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}

export const signup: RouteHandler = async ({ req, res, url, deps }) => {
  const body = await readJsonObject(req);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  const codeChallenge = stringField(body, 'code_challenge');
  const codeChallengeMethod = stringField(body, 'code_challenge_method');

  if (email === '' && phone === '') throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  deps.limits.takeRequest('signups', req);
  if (password === '') throw validationFailed('Signup requires a valid password');
  assertStrongPassword(password);
  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const address = validateEmail(email);
  const challenge = codeChallengeOf(codeChallenge, codeChallengeMethod);
  const redirectTo = redirectTarget(deps.context, req, url.searchParams.get('redirect_to'));
  sendJson(res, 200, await signUpByEmail(deps, req, { address, password, data, redirectTo, challenge }));
};
