// POST /recover, as GoTrue's Recover: a password-recovery mail (link and 6-digit code) to a
// registered address, and the same empty 200 for an unknown one, so the answer reveals nothing.
// With a code_challenge (supabase-js's PKCE flow) the link will answer with a code to exchange.
import { sendJson } from '../http.ts';
import { transaction } from './db.ts';
import { validationFailed } from './errors.ts';
import { codeChallengeOf, createFlowState, pkcePrefix } from './flow-state.ts';
import { validateEmail } from './identifiers.ts';
import { redirectTarget, sendPasswordRecovery } from './mailer.ts';
import { readJsonObject, stringField } from './request.ts';
import type { RouteHandler } from './route.ts';
import { defaultAudience, findUserByEmail } from './users.ts';

export const recover: RouteHandler = async ({ req, res, url, deps }) => {
  const { context, pool, outbox } = deps;
  const body = await readJsonObject(req);
  const email = stringField(body, 'email');
  const codeChallenge = stringField(body, 'code_challenge');
  const codeChallengeMethod = stringField(body, 'code_challenge_method');
  if (email === '') throw validationFailed('Password recovery requires an email');
  const address = validateEmail(email);
  const challenge = codeChallengeOf(codeChallenge, codeChallengeMethod);
  const redirectTo = redirectTarget(context, req, url.searchParams.get('redirect_to'));

  const user = await findUserByEmail(pool, address, defaultAudience);
  if (user?.email) {
    const email = user.email;
    deps.limits.takeEmail();
    const mail = await transaction(pool, async (db) => {
      if (!challenge) return sendPasswordRecovery(db, context, { id: user.id, email }, redirectTo);
      await createFlowState(db, user.id, 'recovery', challenge);
      return sendPasswordRecovery(db, context, { id: user.id, email }, redirectTo, pkcePrefix);
    });
    outbox.record(mail);
  }
  sendJson(res, 200, {});
};
