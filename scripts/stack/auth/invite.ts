// POST /invite, as GoTrue's Invite (an administrator's call, supabase-js's inviteUserByEmail): a
// new user without a password, or an existing unconfirmed one, receives the French invitation
// whose link confirms the address and signs in; a confirmed address is refused (email_exists).
import { randomUUID } from 'node:crypto';
import { sendJson } from '../http.ts';
import { requireAdmin } from './authenticate.ts';
import { transaction } from './db.ts';
import { unprocessable } from './errors.ts';
import { validateEmail } from './identifiers.ts';
import { redirectTarget, sendInvite } from './mailer.ts';
import { hashPassword, randomPassword } from './passwords.ts';
import { objectField, readJsonObject, stringField } from './request.ts';
import type { RouteHandler } from './route.ts';
import { userJson } from './user-json.ts';
import { defaultAudience, emailIdentityData, findUserByEmail, findUserById, insertIdentity, insertUser } from './users.ts';

export const invite: RouteHandler = async ({ req, res, url, deps }) => {
  const { context, pool, outbox } = deps;
  await requireAdmin(req, context, pool);
  const body = await readJsonObject(req);
  const address = validateEmail(stringField(body, 'email'));
  const data = objectField(body, 'data') ?? {};
  const redirectTo = redirectTarget(context, req, url.searchParams.get('redirect_to'));
  const existing = await findUserByEmail(pool, address, defaultAudience);
  if (existing?.email_confirmed_at) throw unprocessable('email_exists', 'A user with this email address has already been registered');
  // Nobody knows this password: the invited user signs in by the link, then chooses one.
  const passwordHash = existing ? undefined : await hashPassword(randomPassword());
  deps.limits.takeEmail();
  const { user, mail } = await transaction(pool, async (db) => {
    let id = existing?.id;
    if (!id) {
      id = randomUUID();
      await insertUser(db, { id, aud: defaultAudience, role: 'authenticated', email: address, phone: null, passwordHash: passwordHash!, appMetadata: { provider: 'email', providers: ['email'] }, userMetadata: data });
      await insertIdentity(db, id, 'email', { ...data, ...emailIdentityData(id, address) });
    }
    const mail = await sendInvite(db, context, { id, email: address }, redirectTo);
    return { user: userJson((await findUserById(db, id))!), mail };
  });
  outbox.record(mail);
  sendJson(res, 200, user);
};
