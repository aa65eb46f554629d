// The forged tokens of scripts/lib/forged-tokens.ts (every alg with the project's real kid, another
// or none; odd kid, typ, crit, jku and jwk; parts that are not JSON; signatures of the wrong length
// or alphabet; 0 to 4 dots) sent through the gateway to REST, Storage and Realtime's join, as
// supabase-js sends a user's token. Each is refused with a 4xx (Realtime: the join refused) in that
// service's own error shape: never a 5xx, a crash or a hang. A valid token is served before and
// after, so that a refusal for the wrong reason, or a service the fuzz brought down, fails.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedHeaderTokens, userClaims } from '../../scripts/lib/forged-tokens.ts';
import { signJwt } from '../../scripts/stack/keys.ts';
import { startGatewayStack, type GatewayStack } from './support/gateway-stack.ts';
import { inParallel } from './support/in-parallel.ts';
import { closeClients, listen, realtimeClient, recordingTransport } from './support/realtime-channels.ts';

const concurrency = 6;

let stack: GatewayStack;
/** The kid of the project's signing key, as its JWKS publishes it. */
let projectKid: string;
let tokens: Array<[string, string]>;

beforeAll(async () => {
  stack = await startGatewayStack();
  const jwks = (await (await fetch(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
  projectKid = jwks.keys[0]!.kid;
  tokens = forgedHeaderTokens(projectKid, userClaims(randomUUID()));
});

afterAll(async () => {
  await closeClients();
  await stack?.stop();
});

interface HttpAnswer {
  status: number;
  body: unknown;
  authenticate?: string | null;
}

async function call(path: string, token: string): Promise<HttpAnswer> {
  // The bound only names a request that hangs; an answer ends the wait at once.
  const response = await fetch(`${stack.apiUrl}${path}`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, which no expected shape matches.
  }
  return { status: response.status, body, authenticate: response.headers.get('www-authenticate') };
}

/** Each forged token's answer, named, a few at a time; a request that fails outright is an answer too. */
async function answers<T>(ask: (token: string) => Promise<T>): Promise<Array<[string, T | string]>> {
  const out: Array<[string, T | string]> = [];
  await inParallel(tokens, concurrency, async ([name, token], index) => {
    out[index] = [name, await ask(token).catch((error: Error) => `failed: ${error.message}`)];
  });
  return out;
}

/** The same answer expected of every token. */
const everyToken = <T>(expected: T) => tokens.map(([name]): [string, T] => [name, expected]);

describe('REST (/rest/v1)', () => {
  const path = '/rest/v1/profiles?select=id&limit=1';

  it('serves a valid user token', async () => {
    expect(await call(path, signJwt(userClaims(randomUUID()), stack.tokenKey))).toMatchObject({ status: 200, body: expect.any(Array) });
  });

  // PostgREST refuses a token it cannot decode or verify with 401 PGRST301, its message also in
  // WWW-Authenticate (PostgREST src/library/PostgREST/Error.hs: JwtDecodeErr, invalidTokenHeader).
  it('answers every forged token 401 PGRST301 in PostgREST’s error shape', async () => {
    const refused = await answers((token) => call(path, token));
    expect(refused).toEqual(
      everyToken({
        status: 401,
        body: { code: 'PGRST301', details: null, hint: null, message: expect.any(String) },
        authenticate: expect.stringMatching(/^Bearer error="invalid_token", error_description=".+"$/),
      }),
    );
  });
});

describe('Storage (/storage/v1)', () => {
  // storage-api checks the JWT before any route (src/http/plugins/jwt.ts: a token that does not
  // verify throws ERRORS.AccessDenied(message)); AccessDenied is statusCode 403, error
  // 'Unauthorized' (src/internal/errors/codes.ts), sent with HTTP 400 as every StorageBackendError
  // not a 500 (src/internal/errors/storage-error.ts: userStatusCode; src/http/error-handler.ts).
  const refusal = { status: 400, body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: expect.any(String) } };
  const routes = ['/storage/v1/bucket', '/storage/v1/object/authenticated/no-such-bucket/notes/x.txt'];

  it('serves a valid user token', async () => {
    expect(await call(routes[0]!, signJwt(userClaims(randomUUID()), stack.tokenKey))).toMatchObject({ status: 200, body: expect.any(Array) });
  });

  it.each(routes)('answers every forged token on %s 400 AccessDenied in storage-api’s error shape', async (route) => {
    const refused = await answers(async (token) => {
      const { status, body } = await call(route, token);
      return { status, body };
    });
    expect(refused).toEqual(everyToken(refusal));
  });
});

describe('Realtime (channel join)', () => {
  // What Realtime answers the join of each token, from supabase/realtime's source: the join
  // (lib/realtime_web/channels/realtime_channel.ex) checks the token through
  // RealtimeWeb.ChannelsAuthorization.authorize_conn and RealtimeWeb.JwtVerification.verify
  // (lib/realtime_web/channels/auth/): the claims are peeked first (Joken.peek_claims: three
  // parts, base64url, then JOSE's JSON decoder, which raises on what is not JSON), then the header
  // (a map), then a signer is made from the header's alg and kid (ES*, RS*, EdDSA: the JWKS key of
  // that kid and key type; HS*: the JWT secret; nothing else), then the signature is checked (JOSE
  // decodes it with a base64url decoder that raises). The join's clauses turn each error into its
  // reason; an exception raised on the way is rescued as UnknownErrorOnChannel with the
  // exception's own text, which depends on the decoder and is not asserted.
  const malformed = 'MalformedJWT: The token provided is not a valid JWT';
  const notAMap = 'Unknown Error on Channel';
  const raised = expect.stringMatching(/^UnknownErrorOnChannel: .+/);
  const noSigner = 'JwtSignerError: Failed to generate JWT signer, check your JWT secret or JWKS configuration';
  const noSignerFor = (kid: string) => `JwtSignerError: Failed to generate JWT signer for key ID (kid) ${JSON.stringify(kid)}, check your JWT secret or JWKS configuration`;
  const badSignature = 'JwtSignatureError: Failed to validate JWT signature';
  const keyTypes: Record<string, string> = { ES256: 'EC', ES384: 'EC', ES512: 'EC', RS256: 'RSA', RS384: 'RSA', RS512: 'RSA', EdDSA: 'OKP', Ed25519: 'OKP', Ed448: 'OKP' };

  /** The part as JSON, or undefined when it is not JSON (an empty part included). */
  function json(part: string): { value: unknown } | undefined {
    try {
      return { value: JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) };
    } catch {
      return undefined;
    }
  }
  const isMap = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

  function expectedReason(token: string): unknown {
    const parts = token.split('.');
    if (parts.length !== 3) return malformed;
    const [head, body, signature] = parts as [string, string, string];
    const claims = json(body);
    if (!claims) return raised;
    if (!isMap(claims.value)) return notAMap;
    const header = json(head);
    if (!header) return raised;
    if (!isMap(header.value)) return notAMap;
    const { alg, kid } = header.value as Record<string, unknown>;
    if (alg === 'HS256' || alg === 'HS384' || alg === 'HS512') return badSignature;
    const keyType = typeof alg === 'string' && Object.hasOwn(keyTypes, alg) ? keyTypes[alg] : undefined;
    if (!keyType || typeof kid !== 'string') return noSigner;
    // The JWKS holds one key: the project's, an EC key.
    if (kid !== projectKid || keyType !== 'EC') return noSignerFor(kid);
    return /^[A-Za-z0-9_-]*$/.test(signature) ? badSignature : raised;
  }

  /** A supabase-js client joining a channel with `token`: its status, and the join's reply as the server sent it. */
  async function join(token: string): Promise<{ status: string; error?: string; reply?: unknown }> {
    const { transport, frames } = recordingTransport();
    const client = realtimeClient(stack, token, { transport: transport as never });
    const listening = listen(client, []);
    try {
      const { status, error } = await listening.statuses.next();
      const reply = frames.items.find((f) => f.topic === listening.channel.topic && f.event === 'phx_reply');
      return { status, ...(error && { error: error.message }), ...(reply && { reply: reply.payload }) };
    } finally {
      await client.removeAllChannels();
    }
  }

  it('lets a valid user token join', async () => {
    expect((await join(signJwt(userClaims(randomUUID()), stack.tokenKey))).status).toBe('SUBSCRIBED');
  });

  it('refuses the join of every forged token with Realtime’s reason', async () => {
    const refused = await answers(join);
    expect(refused).toEqual(
      tokens.map(([name, token]) => {
        const reason = expectedReason(token);
        return [name, { status: 'CHANNEL_ERROR', error: reason, reply: { status: 'error', response: { reason } } }];
      }),
    );
  });
});

describe('after the fuzz', () => {
  it('every service still serves a valid token', async () => {
    const token = signJwt(userClaims(randomUUID()), stack.tokenKey);
    expect((await call('/rest/v1/profiles?select=id&limit=1', token)).status).toBe(200);
    expect((await call('/storage/v1/bucket', token)).status).toBe(200);
    const { transport } = recordingTransport();
    const listening = listen(realtimeClient(stack, token, { transport: transport as never }), []);
    expect((await listening.statuses.next()).status).toBe('SUBSCRIBED');
  });
});
