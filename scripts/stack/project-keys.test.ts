// Today's keys and the legacy ones, through every service of one gateway: the JWKS GoTrue serves
// and what verifies with it; ES256 tokens accepted everywhere, HS256 only while the legacy keys
// are on; the publishable and secret keys mapped to their roles, the secret key refused from a
// browser; tokens signed by another key, unsigned, or HS256-keyed with the public key refused.
import { createClient } from '@supabase/supabase-js';
import { verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Cluster } from '../db/cluster.ts';
import { preparedCluster } from '../db/cluster-template.ts';
import { testStackRateLimits } from './auth/rate-limit-settings.ts';
import { authService } from './auth/service.ts';
import { fixtures } from './functions/test-runtime.ts';
import { functionsService } from './functions/service.ts';
import { signJwt, type JwtClaims } from './keys.ts';
import { createRealtimeService } from './realtime/service.ts';
import { TestSocket } from './realtime/test-socket.ts';
import { createRestService } from './rest/service.ts';
import { startServiceGateway, type ServiceGateway } from './service-gateway.ts';
import { newSigningKey, publicJwk, publicKeyObject } from './signing-keys.ts';
import { createStorageService } from './storage/service.ts';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const whoamiSql = `
  create function public.keys_whoami() returns json language sql stable
    as $$ select json_build_object('role', current_user, 'sub', auth.uid()) $$;
  grant execute on function public.keys_whoami() to anon, authenticated, service_role;`;

let cluster: Cluster;
let stack: ServiceGateway;
let storageDir: string;
let userId: string;
let userToken: string;

const setLegacy = (on: boolean) => void (stack.gateway.context.settings.legacyKeys = on);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  cluster = await preparedCluster('bootstrap');
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  await db.query(whoamiSql).finally(() => db.end());
  storageDir = mkdtempSync(join(tmpdir(), 'shop-keys-test-'));
  stack = await startServiceGateway(cluster, {
    '/auth/v1': authService({ rateLimits: testStackRateLimits }),
    '/rest/v1': createRestService,
    '/realtime/v1': createRealtimeService,
    '/storage/v1': createStorageService({ dataDir: storageDir }),
    '/functions/v1': functionsService({ functionsDir: fixtures, configFile: join(fixtures, 'config.toml') }),
  });
  const signUp = await fetch(`${stack.apiUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.publishableKey, Authorization: `Bearer ${stack.publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `keys-${Date.now()}@example.test`, password: 'correct-horse-2026' }),
  });
  const session = (await signUp.json()) as { user: { id: string }; access_token: string };
  userId = session.user.id;
  userToken = session.access_token;
}, 120_000);

afterAll(async () => {
  await stack?.gateway.close();
  await cluster?.stop();
  rmSync(storageDir, { recursive: true, force: true });
});

/** A user's claims for the signed-up user, without a session (GoTrue accepts those). */
const userClaims = (seconds = 600): JwtClaims => ({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now(), exp: now() + seconds });

/** Whether each service accepts `token` as the bearer (with the publishable key as apikey). */
async function acceptedBy(token: string): Promise<Record<string, boolean>> {
  const headers = { apikey: stack.publishableKey, Authorization: `Bearer ${token}` };
  const rest = await fetch(`${stack.apiUrl}/rest/v1/rpc/keys_whoami`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' });
  const user = await fetch(`${stack.apiUrl}/auth/v1/user`, { headers });
  const storage = await fetch(`${stack.apiUrl}/storage/v1/bucket`, { headers });
  const socket = await TestSocket.open(stack.apiUrl, stack.publishableKey, '2.0.0');
  const { reply } = await socket.join('realtime:keys', { config: {}, access_token: token });
  await socket.close();
  await Promise.all([rest.text(), user.text(), storage.text()]);
  return {
    rest: rest.status === 200,
    auth: user.status === 200,
    storage: storage.status === 200,
    realtime: (reply.payload as { status: string }).status === 'ok',
  };
}

const everywhere = { rest: true, auth: true, storage: true, realtime: true };
const nowhere = { rest: false, auth: false, storage: false, realtime: false };

describe('the JWKS', () => {
  it('is served without an API key, the public half only, and verifies the tokens GoTrue signs', async () => {
    const response = await fetch(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: [ReturnType<typeof publicJwk>] };
    expect(keys).toEqual([publicJwk(stack.signingKey)]);
    expect(keys[0]).not.toHaveProperty('d');
    const [head, body, signature] = userToken.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256', kid: keys[0].kid });
    expect(verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKeyObject(keys[0]), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it("lets supabase-js getClaims() verify a token locally, with no call to /user", async () => {
    const requested: string[] = [];
    const client = createClient(stack.apiUrl, stack.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { fetch: (input, init) => (requested.push(new URL(String(input instanceof Request ? input.url : input)).pathname), fetch(input, init)) },
    });
    const { data, error } = await client.auth.getClaims(userToken);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(userId);
    expect(requested).toEqual(['/auth/v1/.well-known/jwks.json']);
  });
});

describe('access tokens by algorithm and key', () => {
  it('accepts ES256 tokens of the signing key everywhere, whatever the legacy switch', async () => {
    for (const legacy of [false, true]) {
      setLegacy(legacy);
      expect(await acceptedBy(userToken)).toEqual(everywhere);
      expect(await acceptedBy(signJwt(userClaims(), stack.signingKey))).toEqual(everywhere);
    }
    setLegacy(false);
  });

  it('accepts HS256 tokens of the legacy secret only while the legacy keys are on', async () => {
    const legacyToken = signJwt(userClaims(), stack.jwtSecret);
    setLegacy(true);
    expect(await acceptedBy(legacyToken)).toEqual(everywhere);
    setLegacy(false);
    expect(await acceptedBy(legacyToken)).toEqual(nowhere);
  });

  it('refuses, in both worlds, tokens signed by another key, unsigned, HS256-keyed with the public key, and expired', async () => {
    const impostor = { ...newSigningKey(), kid: stack.signingKey.kid };
    const forged = [
      signJwt(userClaims(), impostor),
      signJwt(userClaims(), newSigningKey()),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(userClaims())}.`,
      signJwt(userClaims(), JSON.stringify(publicJwk(stack.signingKey))),
      signJwt(userClaims(), 'not-the-legacy-secret'),
      signJwt(userClaims(-10), stack.signingKey),
    ];
    for (const legacy of [false, true]) {
      setLegacy(legacy);
      for (const token of forged) expect({ token, ...(await acceptedBy(token)) }).toEqual({ token, ...nowhere });
    }
    setLegacy(false);
  });

  it("keeps the functions' verify_jwt to the legacy secret, as the platform's: ES256 tokens get « Invalid JWT »", async () => {
    const call = (token: string) => fetch(`${stack.apiUrl}/functions/v1/echo`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const es256 = await call(userToken);
    expect({ status: es256.status, body: await es256.json() }).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
    setLegacy(true);
    const hs256 = await call(signJwt(userClaims(), stack.jwtSecret));
    await hs256.text();
    expect(hs256.status).toBe(200);
    setLegacy(false);
  });
});

describe('API keys', () => {
  const whoami = async (headers: Record<string, string>) => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/rpc/keys_whoami`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
    return { status: response.status, body: await response.json() };
  };

  it('maps the publishable key to anon and the secret key to service_role, as apikey or bearer', async () => {
    expect(await whoami({ apikey: stack.publishableKey })).toMatchObject({ status: 200, body: { role: 'anon' } });
    expect(await whoami({ apikey: stack.publishableKey, Authorization: `Bearer ${stack.publishableKey}` })).toMatchObject({ status: 200, body: { role: 'anon' } });
    expect(await whoami({ apikey: stack.secretKey })).toMatchObject({ status: 200, body: { role: 'service_role' } });
    expect(await whoami({ apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` })).toMatchObject({ status: 200, body: { role: 'service_role' } });
    expect(await whoami({ apikey: stack.publishableKey, Authorization: `Bearer ${userToken}` })).toMatchObject({ status: 200, body: { role: 'authenticated', sub: userId } });
    const admin = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, { headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` } });
    expect(((await admin.json()) as { users: Array<{ id: string }> }).users.map((u: { id: string }) => u.id)).toContain(userId);
  });

  it('refuses a made-up key, and the legacy JWT keys while they are off', async () => {
    expect(await whoami({ apikey: `${stack.publishableKey}x` })).toEqual({ status: 401, body: { message: 'Invalid API key' } });
    expect(await whoami({ apikey: stack.publishableKey, Authorization: `Bearer sb_secret_made_up` })).toEqual({ status: 401, body: { message: 'Invalid API key' } });
    expect(await whoami({ apikey: stack.anonKey })).toEqual({ status: 401, body: { message: 'Invalid API key' } });
    expect(await whoami({ apikey: stack.serviceRoleKey })).toEqual({ status: 401, body: { message: 'Invalid API key' } });
    setLegacy(true);
    expect(await whoami({ apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` })).toMatchObject({ status: 200, body: { role: 'anon' } });
    expect(await whoami({ apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` })).toMatchObject({ status: 200, body: { role: 'service_role' } });
    setLegacy(false);
  });

  /** Opens Realtime's websocket with `apiKey`, as a browser (by its User-Agent) or not. */
  const upgrade = (apiKey: string, userAgent?: string) =>
    new Promise<'open' | 'refused'>((resolve) => {
      const ws = new WebSocket(`${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apiKey)}&vsn=2.0.0`, { headers: userAgent ? { 'User-Agent': userAgent } : {} });
      ws.once('open', () => (ws.close(), resolve('open')));
      ws.once('error', () => resolve('refused'));
    });

  it('refuses the secret key sent by a browser (told by its User-Agent) with 401, and lets the publishable key through', async () => {
    const refused = { status: 401, body: { message: 'Forbidden use of secret API key in browser' } };
    expect(await whoami({ apikey: stack.secretKey, 'User-Agent': browser })).toEqual(refused);
    expect(await whoami({ apikey: stack.publishableKey, Authorization: `Bearer ${stack.secretKey}`, 'User-Agent': browser })).toEqual(refused);
    const storage = await fetch(`${stack.apiUrl}/storage/v1/bucket`, { headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}`, 'User-Agent': browser, Origin: 'http://127.0.0.1:5173' } });
    expect({ status: storage.status, body: await storage.json() }).toEqual(refused);
    expect(await upgrade(stack.secretKey, browser)).toBe('refused');
    expect(await upgrade(stack.secretKey)).toBe('open');
    expect(await upgrade(stack.publishableKey, browser)).toBe('open');
    expect(await whoami({ apikey: stack.publishableKey, 'User-Agent': browser })).toMatchObject({ status: 200, body: { role: 'anon' } });
  });
});
