// GET /reauthenticate, as GoTrue's Reauthenticate for an e-mail: the signed-in user receives a
// code (the reauthentication template) to confirm a sensitive change. An unconfirmed address is
// refused; a user without an address cannot be reached (phones get no SMS here).
import { sendJson } from '../http.ts';
import { requireUser } from './authenticate.ts';
import { transaction } from './db.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { sendReauthentication } from './mailer.ts';
import type { RouteHandler } from './route.ts';

export const reauthenticate: RouteHandler = async ({ req, res, deps }) => {
  const { user } = await requireUser(req, deps.context, deps.pool);
  const { id, email, phone } = user;
  if (!email && !phone) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  if (!email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  deps.limits.takeEmail();
  const mail = await transaction(deps.pool, (db) => sendReauthentication(db, deps.context, { id, email }));
  deps.outbox.record(mail);
  sendJson(res, 200, {});
};
