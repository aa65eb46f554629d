// GET /verify?token=…&type=signup|recovery|email_change&redirect_to=…: the link of a mail. As
// GoTrue's implicit flow, it confirms or recovers, signs the user in, and sends the browser (303)
// to redirect_to with the session in the URL fragment; a bad link goes there with the error in the
// fragment instead. POST /verify spends the same tokens (or a mail's 6-digit code) for JSON.
import { sendJson } from '../http.ts';
import { isUniqueViolation, query, queryOne, transaction, type Queryable } from './db.ts';
import { AuthHttpError, forbidden, unprocessable, validationFailed } from './errors.ts';
import { issueAuthCode, pkcePrefix } from './flow-state.ts';
import { validateEmail, validatePhone } from './identifiers.ts';
import { otpExpirySeconds, redirectTarget, tokenHash } from './mailer.ts';
import { readJsonObject, stringField } from './request.ts';
import type { RouteHandler } from './route.ts';
import { clientInfo, issueSession, type AuthMethod, type SessionBody } from './sessions.ts';
import { isBanned, type UserRow } from './user-json.ts';
import { confirmEmail, markIdentityEmailVerified, selectUsers, setEmail } from './users.ts';

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

// GoTrue's oauthErrorMap, for the `error` parameter of an error redirect.
const oauthErrors: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** url.Values.Encode(): keys sorted, as GoTrue builds its redirect fragments. */
function encodeSorted(values: Record<string, string>): string {
  return new URLSearchParams(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}

function expired(sentAt: string | null): boolean {
  return !sentAt || Date.parse(sentAt) + otpExpirySeconds * 1000 < Date.now();
}

/**
 * What a verification presents: the token hash of a link (GET, or POST `token_hash`), or the hash
 * of the 6-digit code of a mail with the address it was sent to (POST `email` and `token`).
 */
type Proof = { tokenHash: string; email?: string };

interface TokenKind {
  /** The auth.users column that holds the hash, and the one that holds the address it went to. */
  tokenColumn: 'confirmation_token' | 'recovery_token' | 'email_change_token_new';
  emailColumn: 'email' | 'email_change';
  sentAtOf: (user: UserRow) => string | null;
}

const confirmationKind: TokenKind = { tokenColumn: 'confirmation_token', emailColumn: 'email', sentAtOf: (u) => u.confirmation_sent_at };
const recoveryKind: TokenKind = { tokenColumn: 'recovery_token', emailColumn: 'email', sentAtOf: (u) => u.recovery_sent_at };
const emailChangeKind: TokenKind = { tokenColumn: 'email_change_token_new', emailColumn: 'email_change', sentAtOf: (u) => u.email_change_sent_at };

/** The user the proof's token was sent to, if still valid (GoTrue's verifyEmailLink / isOtpValid). */
async function userByProof(db: Queryable, kind: TokenKind, proof: Proof, invalid: () => AuthHttpError): Promise<UserRow> {
  const byAddress = proof.email === undefined ? '' : ` and lower(u.${kind.emailColumn}) = $3`;
  const params = proof.email === undefined ? [proof.tokenHash, pkcePrefix] : [proof.tokenHash, pkcePrefix, proof.email];
  // A code matches its token whether the request was implicit or PKCE (GoTrue's isOtpValid).
  const user = await queryOne<UserRow>(db, `${selectUsers} where u.${kind.tokenColumn} in ($1::text, $2::text || $1::text)${byAddress} for update of u`, params);
  if (!user) throw invalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (expired(kind.sentAtOf(user))) throw invalid();
  return user;
}

async function confirmUser(db: Queryable, user: UserRow): Promise<void> {
  await confirmEmail(db, user.id);
  if (user.email) await markIdentityEmailVerified(db, user.id, user.email);
}

async function confirmSignup(db: Queryable, proof: Proof, invalid: () => AuthHttpError): Promise<string> {
  const user = await userByProof(db, confirmationKind, proof, invalid);
  await confirmUser(db, user);
  return user.id;
}

/** GoTrue's recoverVerify: the token is spent, and an unconfirmed address is confirmed by it. */
async function recoverAccount(db: Queryable, proof: Proof, invalid: () => AuthHttpError): Promise<string> {
  const user = await userByProof(db, recoveryKind, proof, invalid);
  await query(db, `update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
  if (!user.email_confirmed_at) await confirmUser(db, user);
  return user.id;
}

async function confirmEmailChange(db: Queryable, proof: Proof, invalid: () => AuthHttpError): Promise<string> {
  const user = await userByProof(db, emailChangeKind, proof, invalid);
  if (!user.email_change) throw invalid();
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

/**
 * GoTrue's `email` type: a mail's code, whichever mail it was — a confirmation (its token is
 * spent as a sign-up's) or a magic link (as a recovery's).
 */
async function confirmOrSignIn(db: Queryable, proof: Proof, invalid: () => AuthHttpError): Promise<string> {
  try {
    return await confirmSignup(db, proof, invalid);
  } catch (error) {
    if (error instanceof AuthHttpError && error.code === 'otp_expired') return recoverAccount(db, proof, invalid);
    throw error;
  }
}

/** GoTrue's authenticationMethod of each link type: the flow state a PKCE link finishes. */
const flowMethods: Record<string, AuthMethod> = {
  signup: 'email/signup',
  invite: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** Spends the proof for its type; its user's id. `invalid` is the answer to a bad or spent proof. */
function spendProof(db: Queryable, type: string, proof: Proof, invalid: () => AuthHttpError = linkInvalid): Promise<string> {
  switch (type) {
    case 'signup':
    case 'invite':
      return confirmSignup(db, proof, invalid);
    case 'email':
      return confirmOrSignIn(db, proof, invalid);
    case 'email_change':
      return confirmEmailChange(db, proof, invalid);
    case 'recovery':
    case 'magiclink':
      return recoverAccount(db, proof, invalid);
    default:
      throw validationFailed('Invalid email verification type');
  }
}

/** POST /verify: a token hash, or a mail's 6-digit code with its address, for a session as JSON. */
export const verifyPost: RouteHandler = async ({ req, res, deps }) => {
  const body = await readJsonObject(req);
  const type = stringField(body, 'type');
  const token = stringField(body, 'token');
  const hash = stringField(body, 'token_hash');
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const redirectTo = stringField(body, 'redirect_to');
  if (type === '') throw validationFailed('Verify requires a verification type');
  if ((token === '') === (hash === '')) throw validationFailed('Verify requires either a token or a token hash');
  let proof: Proof;
  let invalid: () => AuthHttpError;
  if (token !== '') {
    if (phone !== '' && email === '') {
      // The local stack sends no SMS: no phone holds a code, as GoTrue answers an unknown one.
      validatePhone(phone);
      throw codeInvalid();
    }
    if (email === '' || phone !== '') throw validationFailed('Only an email address or phone number should be provided on verify');
    let address: string;
    try {
      address = validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
    proof = { tokenHash: tokenHash(address, token.replaceAll('-', '')), email: address };
    invalid = codeInvalid;
  } else {
    if (email !== '' || phone !== '' || redirectTo !== '') throw validationFailed('Only the token_hash and type should be provided');
    proof = { tokenHash: hash };
    invalid = linkInvalid;
  }
  const session = await transaction(deps.pool, async (db) => issueSession(db, deps.context, await spendProof(db, type, proof, invalid), 'otp', clientInfo(req)));
  sendJson(res, 200, session);
};

/** The implicit flow's redirect: the session in the fragment. */
function sessionRedirect(redirectTo: string, session: SessionBody, type: string): string {
  return `${redirectTo}#${encodeSorted({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })}`;
}

/** GoTrue's prepPKCERedirectURL: the code to exchange added to redirect_to's query. */
function codeRedirect(redirectTo: string, code: string): string {
  const target = new URL(redirectTo);
  target.searchParams.set('code', code);
  return target.toString();
}

/** GoTrue's prepErrorRedirectURL: the error in the fragment, and in the query too for PKCE. */
function errorRedirect(redirectTo: string, error: AuthHttpError, pkce: boolean): string {
  const target = new URL(redirectTo);
  const oauthError = oauthErrors[error.status];
  const values = encodeSorted({ ...(oauthError ? { error: oauthError } : {}), error_code: error.code, error_description: error.message, sb: '' });
  target.search = pkce ? values : '';
  target.hash = values;
  return target.toString();
}

/** GET /verify: the link of a mail. A `pkce_` token answers with a code, otherwise with the session. */
export const verify: RouteHandler = async ({ req, res, url, deps }) => {
  const type = url.searchParams.get('type') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (type === '') throw validationFailed('Verify requires a verification type');
  if (token === '') throw validationFailed('Verify requires a token or a token hash');
  const redirectTo = redirectTarget(deps.context, req, url.searchParams.get('redirect_to'));
  const pkce = token.startsWith(pkcePrefix);
  let location: string;
  try {
    location = await transaction(deps.pool, async (db) => {
      const userId = await spendProof(db, type, { tokenHash: token });
      if (pkce) return codeRedirect(redirectTo, await issueAuthCode(db, userId, flowMethods[type] ?? type));
      return sessionRedirect(redirectTo, await issueSession(db, deps.context, userId, 'otp', clientInfo(req)), type);
    });
  } catch (error) {
    if (!(error instanceof AuthHttpError)) throw error;
    location = errorRedirect(redirectTo, error, pkce);
  }
  res.writeHead(303, { Location: location, 'Content-Length': 0 }).end();
};
