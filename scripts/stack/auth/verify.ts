// GET /verify?token=…&type=signup|email_change&redirect_to=…: the link of a mail. As GoTrue's
// implicit flow, it confirms, signs the user in, and sends the browser (303) to redirect_to with
// the session in the URL fragment; a bad link goes there with the error in the fragment instead.
import type { StackContext } from '../context.ts';
import { isUniqueViolation, query, queryOne, transaction, type Queryable } from './db.ts';
import { AuthHttpError, forbidden, unprocessable, validationFailed } from './errors.ts';
import { otpExpirySeconds, redirectTarget } from './mailer.ts';
import type { RouteHandler } from './route.ts';
import { clientInfo, issueSession, type ClientInfo, type SessionBody } from './sessions.ts';
import { isBanned, type UserRow } from './user-json.ts';
import { confirmEmail, markIdentityEmailVerified, selectUsers, setEmail } from './users.ts';

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');

// GoTrue's oauthErrorMap, for the `error` parameter of an error redirect.
const oauthErrors: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** url.Values.Encode(): keys sorted, as GoTrue builds its redirect fragments. */
function encodeSorted(values: Record<string, string>): string {
  return new URLSearchParams(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}

function expired(sentAt: string | null): boolean {
  return !sentAt || Date.parse(sentAt) + otpExpirySeconds * 1000 < Date.now();
}

async function userByToken(db: Queryable, column: 'confirmation_token' | 'email_change_token_new', token: string): Promise<UserRow | undefined> {
  const where = column === 'confirmation_token' ? 'u.confirmation_token = $1' : 'u.email_change_token_new = $1';
  return queryOne<UserRow>(db, `${selectUsers} where ${where} for update of u`, [token]);
}

async function confirmSignup(db: Queryable, token: string): Promise<string> {
  const user = await userByToken(db, 'confirmation_token', token);
  if (!user) throw linkInvalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (expired(user.confirmation_sent_at)) throw linkInvalid();
  await confirmEmail(db, user.id);
  if (user.email) await markIdentityEmailVerified(db, user.id, user.email);
  return user.id;
}

async function confirmEmailChange(db: Queryable, token: string): Promise<string> {
  const user = await userByToken(db, 'email_change_token_new', token);
  if (!user?.email_change) throw linkInvalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (expired(user.email_change_sent_at)) throw linkInvalid();
  try {
    await setEmail(db, user.id, user.email_change, true);
  } catch (error) {
    // Another account took the address after the mail was sent.
    if (!isUniqueViolation(error)) throw error;
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  await query(
    db,
    `update auth.users set email_change = '', email_change_token_new = '', email_change_token_current = '',
            email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = $1`,
    [user.id],
  );
  return user.id;
}

async function verifyAndSignIn(db: Queryable, context: StackContext, type: string, token: string, client: ClientInfo): Promise<SessionBody> {
  let userId: string;
  switch (type) {
    case 'signup':
    case 'invite':
    case 'email':
      userId = await confirmSignup(db, token);
      break;
    case 'email_change':
      userId = await confirmEmailChange(db, token);
      break;
    case 'recovery':
    case 'magiclink':
      // The local stack sends no such mails, so no such token can be valid.
      throw linkInvalid();
    default:
      throw validationFailed('Invalid email verification type');
  }
  return issueSession(db, context, userId, 'otp', client);
}

export const verify: RouteHandler = async ({ req, res, url, deps }) => {
  const type = url.searchParams.get('type') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (type === '') throw validationFailed('Verify requires a verification type');
  if (token === '') throw validationFailed('Verify requires a token or a token hash');
  const redirectTo = redirectTarget(deps.context, req, url.searchParams.get('redirect_to'));
  let location: string;
  try {
    const session = await transaction(deps.pool, (db) => verifyAndSignIn(db, deps.context, type, token, clientInfo(req)));
    location = `${redirectTo}#${encodeSorted({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      sb: '',
      token_type: session.token_type,
      type,
    })}`;
  } catch (error) {
    if (!(error instanceof AuthHttpError)) throw error;
    const target = new URL(redirectTo);
    const oauthError = oauthErrors[error.status];
    target.hash = encodeSorted({ ...(oauthError ? { error: oauthError } : {}), error_code: error.code, error_description: error.message, sb: '' });
    location = target.toString();
  }
  res.writeHead(303, { Location: location, 'Content-Length': 0 }).end();
};
