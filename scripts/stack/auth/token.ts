// POST /token: GoTrue's password, refresh_token and pkce grants. The other grants (id_token,
// web3) need flows the local stack does not run, and are refused plainly.
import { sendJson } from '../http.ts';
import { transaction } from './db.ts';
import { badRequest, OAuthStyleError, unprocessable, validationFailed } from './errors.ts';
import { redeemAuthCode } from './flow-state.ts';
import { passwordMatches, weakness } from './passwords.ts';
import { readJsonObject, stringField } from './request.ts';
import type { AuthRequest, RouteHandler } from './route.ts';
import { clientInfo, issueSession, refreshSession } from './sessions.ts';
import { isBanned } from './user-json.ts';
import { defaultAudience, findUserByEmail } from './users.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant({ req, res, deps }: AuthRequest): Promise<void> {
  const body = await readJsonObject(req);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided on login.');
  if (email === '' && phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw validationFailed('missing email or phone');

  const user = await findUserByEmail(deps.pool, email, defaultAudience);
  if (!user?.encrypted_password) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await passwordMatches(password, user.encrypted_password))) throw invalidCredentials();
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await transaction(deps.pool, (db) => issueSession(db, deps.context, user.id, 'password', clientInfo(req)));
  // GoTrue signs in a user whose old password no longer meets the rules, and says so.
  const weak = weakness(password);
  sendJson(res, 200, weak ? { ...session, weak_password: weak } : session);
}

async function refreshTokenGrant({ req, res, deps }: AuthRequest): Promise<void> {
  const body = await readJsonObject(req);
  const refreshToken = stringField(body, 'refresh_token');
  if (refreshToken === '') throw new OAuthStyleError('invalid_request', 'refresh_token required');
  sendJson(res, 200, await refreshSession(deps.pool, deps.context, refreshToken, clientInfo(req)));
}

/** The PKCE flow's last step: the code a mail's link gave and the verifier only the client knows. */
async function pkceGrant({ req, res, deps }: AuthRequest): Promise<void> {
  const body = await readJsonObject(req);
  const authCode = stringField(body, 'auth_code');
  const codeVerifier = stringField(body, 'code_verifier');
  if (authCode === '' || codeVerifier === '') throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const session = await transaction(deps.pool, async (db) => {
    const { userId, authenticationMethod } = await redeemAuthCode(db, authCode, codeVerifier);
    return issueSession(db, deps.context, userId, authenticationMethod, clientInfo(req));
  });
  sendJson(res, 200, session);
}

/** The grants GoTrue limits with its Token limiter (token_refresh): every one but web3's own. */
const tokenLimited = new Set(['password', 'refresh_token', 'pkce', 'id_token']);

export const token: RouteHandler = async (request) => {
  const grantType = request.url.searchParams.get('grant_type') ?? '';
  if (tokenLimited.has(grantType)) request.deps.limits.takeRequest('token', request.req);
  switch (grantType) {
    case 'password':
      return passwordGrant(request);
    case 'refresh_token':
      return refreshTokenGrant(request);
    case 'pkce':
      return pkceGrant(request);
    case 'id_token':
    case 'web3':
      throw validationFailed(`unsupported_grant_type: the local stack does not implement the ${grantType} grant`);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
};
