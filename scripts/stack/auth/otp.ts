// POST /otp with an e-mail, as GoTrue's Otp and MagicLink: a sign-in link (and 6-digit code) to a
// confirmed address. An unknown or unconfirmed address is signed up with a random password when
// create_user allows it (supabase-js's shouldCreateUser, true by default): with confirmations on
// it receives the confirmation mail, which signs in as well; with them off, the magic link.
// create_user false and an unknown address: 422 otp_disabled. Phones get no SMS here.
import { sendJson } from '../http.ts';
import { transaction } from './db.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { codeChallengeOf, createFlowState, pkcePrefix } from './flow-state.ts';
import { validateEmail } from './identifiers.ts';
import { redirectTarget, sendMagicLink } from './mailer.ts';
import { randomPassword } from './passwords.ts';
import { booleanField, objectField, readJsonObject, stringField } from './request.ts';
import type { RouteHandler } from './route.ts';
import { signUpByEmail } from './signup.ts';
import { defaultAudience, findUserByEmail } from './users.ts';

export const otp: RouteHandler = async ({ req, res, url, deps }) => {
  const { context, pool, outbox } = deps;
  const body = await readJsonObject(req);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const channel = stringField(body, 'channel');
  const data = objectField(body, 'data') ?? {};
  // GoTrue's OtpParams start with CreateUser true: only an explicit false turns it off.
  const createUser = body.create_user === undefined || booleanField(body, 'create_user');
  const codeChallenge = stringField(body, 'code_challenge');
  const codeChallengeMethod = stringField(body, 'code_challenge_method');

  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided');
  if (email !== '' && channel !== '') throw validationFailed('Channel should only be specified with Phone OTP');
  const challenge = codeChallengeOf(codeChallenge, codeChallengeMethod);
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (email === '') throw validationFailed('One of email or phone must be set');
  const address = validateEmail(email);
  const redirectTo = redirectTarget(context, req, url.searchParams.get('redirect_to'));

  let user = await findUserByEmail(pool, address, defaultAudience);
  if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  const { autoconfirm } = context.settings;
  // GoTrue signs an unknown or unconfirmed address up (again) with a random password. With
  // confirmations on, that mails the confirmation, which is the way in, and nothing more is sent.
  // (Auto-confirming, an unconfirmed account left from before gets the magic link, which confirms.)
  if (!user || (!user.email_confirmed_at && !autoconfirm)) {
    await signUpByEmail(deps, req, { address, password: randomPassword(), data, redirectTo, challenge });
    if (!autoconfirm) {
      sendJson(res, 200, {});
      return;
    }
    user = await findUserByEmail(pool, address, defaultAudience);
  }
  const { id } = user!;
  deps.limits.takeEmail();
  const mail = await transaction(pool, async (db) => {
    if (!challenge) return sendMagicLink(db, context, { id, email: address }, redirectTo);
    await createFlowState(db, id, 'magiclink', challenge);
    return sendMagicLink(db, context, { id, email: address }, redirectTo, pkcePrefix);
  });
  outbox.record(mail);
  sendJson(res, 200, {});
};
