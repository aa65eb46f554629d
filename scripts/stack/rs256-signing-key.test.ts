// A project signing with an RS256 key (`supabase gen signing-key --algorithm RS256`, the other
// algorithm the CLI's signing_keys_path and GoTrue accept, and the one supabase-js's own auth-js
// suite configures): the file is read, GoTrue signs RS256 with it and serves its public half,
// supabase-js getClaims() verifies locally, REST accepts the tokens, and forgeries are refused.
import { createClient } from '@supabase/supabase-js';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Cluster } from '../db/cluster.ts';
import { preparedCluster } from '../db/cluster-template.ts';
import { testStackRateLimits } from './auth/rate-limit-settings.ts';
import { authService } from './auth/service.ts';
import { signJwt } from './keys.ts';
import { createRestService } from './rest/service.ts';
import { startServiceGateway, type ServiceGateway } from './service-gateway.ts';
import { newSigningKey, readSigningKeys, type RsaSigningKey, type SigningKey } from './signing-keys.ts';

/** A private RSA JWK with the members the CLI adds, as its signing keys file holds it. */
function cliRsaKey(kid: string = randomUUID()): RsaSigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as Omit<RsaSigningKey, 'kid' | 'alg' | 'key_ops'>), kid, alg: 'RS256', key_ops: ['sign', 'verify'] };
}

let cluster: Cluster;
let stack: ServiceGateway;
let keysDir: string;
let signingKey: SigningKey;
let userId: string;
let userToken: string;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  keysDir = mkdtempSync(join(tmpdir(), 'shop-rs256-'));
  writeFileSync(join(keysDir, 'signing_keys.json'), JSON.stringify([cliRsaKey()]));
  signingKey = readSigningKeys(join(keysDir, 'signing_keys.json'))[0]!;
  cluster = await preparedCluster('bootstrap');
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  await db
    .query(
      `create function public.rs256_whoami() returns json language sql stable as $$ select json_build_object('role', current_user, 'sub', auth.uid()) $$;
       grant execute on function public.rs256_whoami() to anon, authenticated;`,
    )
    .finally(() => db.end());
  stack = await startServiceGateway(cluster, { '/auth/v1': authService({ rateLimits: testStackRateLimits }), '/rest/v1': createRestService }, { signingKey });
  const signUp = await fetch(`${stack.apiUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `rs256-${Date.now()}@example.test`, password: 'correct-horse-2026' }),
  });
  const session = (await signUp.json()) as { user: { id: string }; access_token: string };
  userId = session.user.id;
  userToken = session.access_token;
}, 120_000);

afterAll(async () => {
  await stack?.gateway.close();
  await cluster?.stop();
  rmSync(keysDir, { recursive: true, force: true });
});

const whoami = async (token: string) => {
  const response = await fetch(`${stack.apiUrl}/rest/v1/rpc/rs256_whoami`, { method: 'POST', headers: { apikey: stack.publishableKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
  return { status: response.status, body: await response.json() };
};

describe('an RS256 signing key', () => {
  it('signs the access tokens, and the JWKS lists its public half only', async () => {
    expect(JSON.parse(Buffer.from(userToken.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' });
    const { keys } = (await (await fetch(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: signingKey.kid, key_ops: ['verify'] });
    expect(Object.keys(keys[0]!).filter((member) => ['d', 'p', 'q', 'dp', 'dq', 'qi'].includes(member))).toEqual([]);
  });

  it('lets supabase-js getClaims() verify its tokens against the JWKS, with no call to /user', async () => {
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

  it('has its tokens accepted by GoTrue and REST, and refuses another RSA key under its kid or an ES256 header', async () => {
    expect(await whoami(userToken)).toMatchObject({ status: 200, body: { role: 'authenticated', sub: userId } });
    const user = await fetch(`${stack.apiUrl}/auth/v1/user`, { headers: { apikey: stack.publishableKey, Authorization: `Bearer ${userToken}` } });
    expect(((await user.json()) as { id: string }).id).toBe(userId);
    const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', iat: now(), exp: now() + 600 };
    for (const forged of [signJwt(claims, cliRsaKey(signingKey.kid)), signJwt(claims, { ...newSigningKey(), kid: signingKey.kid })]) {
      expect((await whoami(forged)).status).toBe(401);
    }
  });
});
