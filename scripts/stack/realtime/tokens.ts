// Access-token checks of a channel, in Realtime's order and with its answers: the token cleaned
// (ChannelsAuthorization.authorize), its claims then its header peeked, a signer made from the
// header's alg and kid, the signature checked (RealtimeWeb.JwtVerification.verify), then `role`,
// `exp` and the expiry (authorize_conn, RealtimeChannel.confirm_token). A refusal carries the
// join's reason (RealtimeChannel.join's clauses) and the message a refresh closes the channel with
// (handle_in "access_token"). What Realtime's decoders raise on (a part that is not JSON, a
// signature that is not base64url) is thrown as an UndecodableToken, which the join rescues as
// UnknownErrorOnChannel, as Realtime's does.
import type { StackContext } from '../context.ts';
import { JwtError, verifyAccessToken, type JwtClaims } from '../keys.ts';
import { accessTokenKeys, isOpaqueApiKey, resolveApiKey } from '../project-keys.ts';
import type { PublicJwk } from '../signing-keys.ts';
import { elixirInspect } from './elixir-inspect.ts';

export type RealtimeKeys = Pick<StackContext, 'signingKey' | 'jwtSecret' | 'publishableKey' | 'secretKey' | 'anonKey' | 'serviceRoleKey' | 'settings'>;

/** An opaque API key given as the access token (supabase-js sends the key when no one is signed in) stands for its role, without expiry. */
const opaqueKeyExp = 4102444800;

/** Why a token is refused: the join's reason, and the `system` message of a refresh that closes the channel. */
export interface TokenRefusal {
  ok: false;
  reason: string;
  message: string;
}

export type TokenCheck = { ok: true; claims: JwtClaims & { role: string; exp: number } } | TokenRefusal;

/** What Realtime's decoders raise on; the text stands in for their exception's, which differs. */
export class UndecodableToken extends Error {}

const refusal = (reason: string, message: string): TokenRefusal => ({ ok: false, reason, message });
const malformed = refusal('MalformedJWT: The token provided is not a valid JWT', 'The token provided is not a valid JWT');
// :expected_claims_map and :expected_header_map have no clause of their own in the join.
const notAMap = (term: string) => refusal('Unknown Error on Channel', term);
const signatureError = refusal('JwtSignatureError: Failed to validate JWT signature', ':signature_error');
const noSigner = refusal('JwtSignerError: Failed to generate JWT signer, check your JWT secret or JWKS configuration', ':error_generating_signer');
function noSignerFor(kid: string): TokenRefusal {
  const message = `Failed to generate JWT signer for key ID (kid) ${elixirInspect(kid)}, check your JWT secret or JWKS configuration`;
  return refusal(`JwtSignerError: ${message}`, message);
}
const invalid = (message: string) => refusal(`InvalidJWTToken: ${message}`, message);

/** The key type of the JWKS key that signs each asymmetric algorithm; HS* are signed by the JWT secret. */
const keyTypes = new Map([
  ['ES256', 'EC'],
  ['ES384', 'EC'],
  ['ES512', 'EC'],
  ['RS256', 'RSA'],
  ['RS384', 'RSA'],
  ['RS512', 'RSA'],
  ['EdDSA', 'OKP'],
  ['Ed25519', 'OKP'],
  ['Ed448', 'OKP'],
]);
const hmacAlgorithms = new Set(['HS256', 'HS384', 'HS512']);

/** Realtime decodes URL escapes and strips whitespace before verifying; a bad escape raises. */
function cleanToken(token: string): string {
  try {
    return decodeURIComponent(token).replace(/\s/g, '');
  } catch {
    throw new UndecodableToken('malformed URI escape in the token');
  }
}

/** Elixir's Base.url_decode64(padding: false): the URL alphabet only, padding optional. */
function base64url(part: string): Buffer | undefined {
  const bare = part.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1 || (bare !== part && part.length % 4 !== 0)) return undefined;
  return Buffer.from(bare, 'base64url');
}

/** Joken's peek: base64url (else :token_malformed), then JOSE's JSON decoder, which raises. */
function peek(part: string, name: string): { value: unknown } | undefined {
  const bytes = base64url(part);
  if (!bytes) return undefined;
  try {
    return { value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    throw new UndecodableToken(`the token's ${name} is not JSON`);
  }
}

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JwtVerification.verify up to the signature: the refusal, or undefined when a signer checks it. */
function shapeRefusal(token: string, jwks: PublicJwk[]): TokenRefusal | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return malformed;
  const [head, body, signature] = parts as [string, string, string];
  const claims = peek(body, 'payload');
  if (!claims) return malformed;
  if (!isMap(claims.value)) return notAMap(':expected_claims_map');
  const header = peek(head, 'header');
  if (!header || !isMap(header.value)) return notAMap(':expected_header_map');
  const { alg, kid } = header.value;
  if (typeof alg === 'string' && hmacAlgorithms.has(alg)) return undefined;
  const keyType = typeof alg === 'string' ? keyTypes.get(alg) : undefined;
  if (keyType === undefined || typeof kid !== 'string') return noSigner;
  if (!jwks.some((key) => key.kty === keyType && key.kid === kid)) return noSignerFor(kid);
  // JOSE decodes the signature with a decoder that raises.
  if (!/^[A-Za-z0-9_-]*$/.test(signature)) throw new UndecodableToken("the token's signature is not base64url");
  return undefined;
}

/** The claims of a token whose signature a key of the project's verified, or why it is refused; throws an UndecodableToken as Realtime raises. */
export function checkAccessToken(rawToken: string, keys: RealtimeKeys, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  const token = cleanToken(rawToken);
  if (isOpaqueApiKey(token)) {
    const key = resolveApiKey(keys, token);
    if (!key) return signatureError;
    return { ok: true, claims: { iss: 'supabase', role: key.role, exp: opaqueKeyExp } };
  }
  const tokenKeys = accessTokenKeys(keys);
  const refused = shapeRefusal(token, tokenKeys.jwks);
  if (refused) return refused;
  let claims: JwtClaims;
  try {
    // Expiry is judged below with Realtime's wording, so this checks the signature only.
    claims = verifyAccessToken(token, tokenKeys, Number.NEGATIVE_INFINITY);
  } catch (error) {
    if (error instanceof JwtError) return signatureError;
    throw error;
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') return invalid('Fields `role` and `exp` are required in JWT');
  if (claims.exp <= nowSeconds) return invalid(`Token has expired ${nowSeconds - Math.floor(claims.exp)} seconds ago`);
  return { ok: true, claims: claims as JwtClaims & { role: string; exp: number } };
}
