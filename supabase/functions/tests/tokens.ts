// Access tokens for the function tests, made with WebCrypto as an attacker or GoTrue would make
// them: ES256 with the project's signing key (SUPABASE_SIGNING_KEYS, the CLI's format) or another
// key, HS256 with a given secret, and unsigned (`alg: none`).
const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export type Claims = Record<string, unknown>;
export type PrivateJwk = JsonWebKey & { kid: string };

/** The project's ES256 signing key, as the stack hands it to the tests. */
export function projectSigningKey(): PrivateJwk {
  const keys = JSON.parse(Deno.env.get('SUPABASE_SIGNING_KEYS') || '[]') as PrivateJwk[];
  if (!keys[0]) throw new Error('SUPABASE_SIGNING_KEYS is not set: run these tests through `npm test`.');
  return keys[0];
}

/** A P-256 key of no project's, under the `kid` given (the project's, to pose as it). */
export async function otherSigningKey(kid: string): Promise<PrivateJwk> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return { ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid };
}

const body = (header: Claims, claims: Claims) => `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;

export async function es256Token(claims: Claims, key: PrivateJwk): Promise<string> {
  const { kty, crv, x, y, d } = key;
  const signer = await crypto.subtle.importKey('jwk', { kty, crv, x, y, d }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const signed = body({ alg: 'ES256', kid: key.kid, typ: 'JWT' }, claims);
  return `${signed}.${base64url(new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer, encoder.encode(signed))))}`;
}

export async function hs256Token(claims: Claims, secret: string, header: Claims = {}): Promise<string> {
  const signer = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signed = body({ alg: 'HS256', typ: 'JWT', ...header }, claims);
  return `${signed}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', signer, encoder.encode(signed))))}`;
}

export function unsignedToken(claims: Claims): string {
  return `${body({ alg: 'none', typ: 'JWT' }, claims)}.`;
}

/** A signed-in user's claims as GoTrue writes them, for `sub`, valid for `seconds` (negative: expired). */
export function userClaims(sub: string, seconds = 600): Claims {
  const now = Math.floor(Date.now() / 1000);
  return { sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@example.test`, iat: now, exp: now + seconds, session_id: crypto.randomUUID() };
}

/**
 * Every token a function must refuse without verify_jwt, named: the publishable key, the anon
 * role and the service role validly signed (no user), an expired user token, a user token signed
 * by another key posing as the project's, unsigned, HS256 keyed with the public JWK (the
 * algorithm-confusion attack) and HS256 keyed with the legacy secret while the legacy keys are off.
 */
export async function refusedTokens(publishableKey: string, sub: string): Promise<Array<[string, string]>> {
  const key = projectSigningKey();
  const { d: _private, ...publicJwk } = key;
  const now = Math.floor(Date.now() / 1000);
  return [
    ['the publishable key', publishableKey],
    ['an anon token', await es256Token({ role: 'anon', iss: 'supabase', iat: now, exp: now + 600 }, key)],
    ['a service-role token', await es256Token({ role: 'service_role', iss: 'supabase', iat: now, exp: now + 600 }, key)],
    ['an expired token', await es256Token(userClaims(sub, -60), key)],
    ['a token signed by another key', await es256Token(userClaims(sub), await otherSigningKey(key.kid))],
    ['an unsigned token', unsignedToken(userClaims(sub))],
    ['HS256 keyed with the public key', await hs256Token(userClaims(sub), JSON.stringify(publicJwk), { kid: key.kid })],
    ['HS256 keyed with the legacy secret (legacy keys off)', await hs256Token(userClaims(sub), Deno.env.get('SUPABASE_JWT_SECRET') ?? '')],
    ['not a JWT', 'not-a-jwt'],
  ];
}

/**
 * Tokens no key of the project's verifies, made to reach every branch of a verifier's header and
 * structure handling, each named: every `alg` (known, unknown, not a string), with the project's
 * real `kid`, another or none; odd `kid`, `typ`, `crit`, `jku` and embedded `jwk`; a header or a
 * payload that is not JSON, or JSON but not an object; signatures of the wrong length or alphabet;
 * too few or too many dots. Whatever a function does with them, each is a 401.
 */
export function forgedHeaderTokens(sub: string): Array<[string, string]> {
  const { kid } = projectSigningKey();
  const claims = base64url(JSON.stringify(userClaims(sub)));
  const signature = base64url(crypto.getRandomValues(new Uint8Array(64)));
  const withHeader = (header: unknown, sig = signature) => `${base64url(JSON.stringify(header))}.${claims}.${sig}`;
  const algs: unknown[] = ['none', 'None', '', 'ES256', 'HS256', 'HS512', 'RS256', 'RS512', 'PS256', 'ES384', 'ES512', 'EdDSA', 'ES256K', null, 42, {}, ['ES256']];
  const kids: Array<[string, unknown]> = [['the real kid', kid], ['another kid', crypto.randomUUID()], ['no kid', undefined]];
  const tokens: Array<[string, string]> = [];
  for (const alg of algs) {
    for (const [kidName, kidValue] of kids) tokens.push([`alg ${JSON.stringify(alg)}, ${kidName}`, withHeader({ alg, typ: 'JWT', kid: kidValue })]);
  }
  for (const odd of ['', 42, null, {}, [kid], '../../.well-known/jwks.json', 'k'.repeat(4096)]) {
    tokens.push([`kid ${JSON.stringify(odd).slice(0, 40)}`, withHeader({ alg: 'ES256', typ: 'JWT', kid: odd })]);
  }
  for (const typ of ['at+jwt', 'JWS', '', 42, null]) tokens.push([`typ ${JSON.stringify(typ)}`, withHeader({ alg: 'ES256', typ, kid })]);
  for (const crit of [['exp'], ['b64'], 'b64', [], [42]]) tokens.push([`crit ${JSON.stringify(crit)}`, withHeader({ alg: 'ES256', typ: 'JWT', kid, crit, b64: false })]);
  for (const jku of ['http://127.0.0.1:9/jwks.json', 'https://attacker.example/.well-known/jwks.json']) {
    tokens.push([`jku ${jku}`, withHeader({ alg: 'ES256', typ: 'JWT', kid: 'attacker', jku })]);
  }
  tokens.push(['an embedded jwk', withHeader({ alg: 'ES256', typ: 'JWT', jwk: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' } })]);
  for (const raw of ['{"alg":"ES256"', 'ES256', 'null', '[]', '123', '"ES256"', '\u0000']) {
    tokens.push([`header ${JSON.stringify(raw)}`, `${base64url(raw)}.${claims}.${signature}`]);
  }
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }));
  for (const raw of ['{"sub":', 'null', '[]', '7', '"x"', '{"exp":"never","role":"authenticated"}']) {
    tokens.push([`payload ${JSON.stringify(raw)}`, `${header}.${base64url(raw)}.${signature}`]);
  }
  for (const length of [0, 1, 32, 63, 65, 72, 512]) {
    tokens.push([`a signature of ${length} bytes`, `${header}.${claims}.${base64url(new Uint8Array(length).fill(7))}`]);
  }
  tokens.push(['a signature outside base64url', `${header}.${claims}.${signature.slice(0, 20)}+/=${signature.slice(23)}`]);
  for (const shape of ['.', '..', '...', `${header}.${claims}`, `${header}.${claims}.${signature}.`, `${header}.${claims}.${signature}.${signature}`, `${header}..${signature}`, `.${claims}.${signature}`]) {
    tokens.push([`${shape.split('.').length - 1} dots (${shape.length} characters)`, shape]);
  }
  return tokens;
}
