// POST /resend, as GoTrue's Resend for e-mail: a new confirmation mail to an address that signed up
// and is not confirmed yet (`signup`), or a new link to the pending new address (`email_change`).
// An unknown address, a confirmed one, or no pending change: the same empty 200, nothing sent.
// A second mail of one kind within `max_frequency` is refused (429 over_email_send_rate_limit).
import { sendJson } from '../http.ts';
import { transaction } from './db.ts';
import { badRequest, validationFailed } from './errors.ts';
import { codeChallengeOf, createFlowState, pkcePrefix, type CodeChallenge } from './flow-state.ts';
import { validateEmail } from './identifiers.ts';
import { redirectTarget, sendConfirmation, sendEmailChange } from './mailer.ts';
import { readJsonObject, stringField } from './request.ts';
import type { RouteHandler } from './route.ts';
import { defaultAudience, findUserByEmail } from './users.ts';

/** GoTrue's ResendConfirmationParams.Validate, in its order, with the phone provider off. */
function validated(type: string, email: string, phone: string, challenge: string, method: string): { type: string; address: string; challenge: CodeChallenge | undefined } {
  let pkce: CodeChallenge | undefined;
  if (type === 'signup' || type === 'email_change') pkce = codeChallengeOf(challenge, method);
  else if (type !== 'sms' && type !== 'phone_change') throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  if (email === '' && type === 'signup') throw validationFailed('Type provided requires an email address');
  if (phone === '' && type === 'sms') throw validationFailed('Type provided requires a phone number');
  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided.');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw validationFailed('Missing email address or phone number');
  return { type, address: validateEmail(email), challenge: pkce };
}

export const resend: RouteHandler = async ({ req, res, url, deps }) => {
  const { context, pool, outbox } = deps;
  const body = await readJsonObject(req);
  const { type, address, challenge } = validated(
    stringField(body, 'type'),
    stringField(body, 'email'),
    stringField(body, 'phone'),
    stringField(body, 'code_challenge'),
    stringField(body, 'code_challenge_method'),
  );
  const redirectTo = redirectTarget(context, req, url.searchParams.get('redirect_to'));
  const user = await findUserByEmail(pool, address, defaultAudience);
  // Nothing to send: an unknown address, a confirmed one, no pending change (or an e-mail type
  // for a phone's resend): the same answer as a sent mail.
  const pending = type === 'signup' ? user && !user.email_confirmed_at : type === 'email_change' ? user?.email_change : undefined;
  if (!user?.email || !pending) {
    sendJson(res, 200, {});
    return;
  }
  const { id, email } = user;
  const prefix = challenge ? pkcePrefix : '';
  deps.limits.takeEmail();
  const mail = await transaction(pool, async (db) => {
    if (challenge) await createFlowState(db, id, type === 'signup' ? 'email/signup' : 'email_change', challenge);
    if (type === 'signup') return sendConfirmation(db, context, { id, email }, redirectTo, prefix);
    return sendEmailChange(db, context, id, pending as string, redirectTo, prefix);
  });
  outbox.record(mail);
  sendJson(res, 200, {});
};
