// The access token GoTrue signs (tokens.GenerateAccessToken): ES256 with the project's signing key,
// its claims in the order of AccessTokenClaims, `aud` a single string.
import type { StackContext } from '../context.ts';
import { signJwt, type JwtClaims } from '../keys.ts';
import type { UserRow } from './user-json.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessToken {
  token: string;
  expiresAt: number;
}

export function issuer(context: StackContext): string {
  return `${context.apiUrl}/auth/v1`;
}

export function signAccessToken(context: StackContext, user: UserRow, sessionId: string, amr: AmrEntry[]): AccessToken {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + context.settings.jwtExpiry;
  const claims: JwtClaims = {
    iss: issuer(context),
    sub: user.id,
    aud: user.aud ?? '',
    exp: expiresAt,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return { token: signJwt(claims, context.signingKey), expiresAt };
}
