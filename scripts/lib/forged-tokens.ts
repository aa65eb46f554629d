// Forged access tokens, for the tests that prove every verifier refuses them: the functions' own
// check (Deno, supabase/functions/tests) and the gateway's services (Node, tests/contract). Built
// on web APIs alone (btoa, TextEncoder, crypto), which both runtimes have.
const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A signed-in user's claims as GoTrue writes them, for `sub`, valid for `seconds` (negative: expired). */
export function userClaims(sub: string, seconds = 600): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@example.test`, iat: now, exp: now + seconds, session_id: crypto.randomUUID() };
}

/**
 * Tokens no key of the project's verifies, made to reach every branch of a verifier's header and
 * structure handling, each named: every `alg` (known, unknown, not a string), with the project's
 * real `kid`, another or none; odd `kid`, `typ`, `crit`, `jku` and embedded `jwk`; a header or a
 * payload that is not JSON, or JSON but not an object; signatures of the wrong length or alphabet;
 * too few or too many dots. `claims` is the payload of those whose payload is well formed.
 */
export function forgedHeaderTokens(kid: string, claims: Record<string, unknown>): Array<[string, string]> {
  const payload = base64url(JSON.stringify(claims));
  const signature = base64url(crypto.getRandomValues(new Uint8Array(64)));
  const withHeader = (header: unknown, sig = signature) => `${base64url(JSON.stringify(header))}.${payload}.${sig}`;
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
    tokens.push([`header ${JSON.stringify(raw)}`, `${base64url(raw)}.${payload}.${signature}`]);
  }
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }));
  for (const raw of ['{"sub":', 'null', '[]', '7', '"x"', '{"exp":"never","role":"authenticated"}']) {
    tokens.push([`payload ${JSON.stringify(raw)}`, `${header}.${base64url(raw)}.${signature}`]);
  }
  for (const length of [0, 1, 32, 63, 65, 72, 512]) {
    tokens.push([`a signature of ${length} bytes`, `${header}.${payload}.${base64url(new Uint8Array(length).fill(7))}`]);
  }
  tokens.push(['a signature outside base64url', `${header}.${payload}.${signature.slice(0, 20)}+/=${signature.slice(23)}`]);
  for (const shape of ['.', '..', '...', `${header}.${payload}`, `${header}.${payload}.${signature}.`, `${header}.${payload}.${signature}.${signature}`, `${header}..${signature}`, `.${payload}.${signature}`]) {
    tokens.push([`${shape.split('.').length - 1} dots (${shape.length} characters)`, shape]);
  }
  return tokens;
}
