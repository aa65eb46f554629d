// Where the REST tests find PostgREST: the stack the test orchestrator started (its SUPABASE_*
// environment), or else a throwaway cluster (platform bootstrap and the shop's migrations) with a
// gateway serving only /rest/v1. Either way the `rest_` fixture is installed, and removed after.
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { startCluster, type Cluster } from '../../../scripts/db/cluster.ts';
import { applyBootstrap, applyMigrations } from '../../../scripts/db/migrate.ts';
import { supabaseDir } from '../../../scripts/lib/paths.ts';
import type { Gateway } from '../../../scripts/stack/gateway.ts';
import { signJwt, type TokenKey } from '../../../scripts/stack/keys.ts';
import { createRestService } from '../../../scripts/stack/rest/service.ts';
import { startServiceGateway, type ServiceGateway } from '../../../scripts/stack/service-gateway.ts';
import { tokenKeyFrom } from '../../support/token-key.ts';
import { installFixture, removeFixture, type FixtureData } from './rest-fixture.ts';

export interface RestStack {
  /** The gateway's base URL (supabase-js appends /rest/v1). */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The legacy HS256 secret: Storage's signed-URL tokens. */
  jwtSecret: string;
  /** What users' access tokens are signed with (the signing key; the JWT secret for a legacy project). */
  tokenKey: TokenKey;
  /** Superuser connection URL. */
  dbUrl: string;
  fixture: FixtureData;
  /** A signed-in user's access token, as GoTrue would issue it. */
  tokenFor(userId: string, options?: { expiresIn?: number; email?: string }): string;
  stop(): Promise<void>;
}

function fromEnvironment() {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, SUPABASE_DB_URL, SUPABASE_JWT_SECRET, SUPABASE_SECRET_KEY } = process.env;
  const tokenKey = tokenKeyFrom(process.env);
  if (!SUPABASE_URL || !SUPABASE_PUBLISHABLE_KEY || !SUPABASE_SECRET_KEY || !SUPABASE_DB_URL || !SUPABASE_JWT_SECRET || !tokenKey) return undefined;
  return {
    url: SUPABASE_URL,
    anonKey: SUPABASE_PUBLISHABLE_KEY,
    serviceRoleKey: SUPABASE_SECRET_KEY,
    dbUrl: SUPABASE_DB_URL,
    jwtSecret: SUPABASE_JWT_SECRET,
    tokenKey,
  };
}

/**
 * The shop's own tables beside the fixture prove the two coexist. The migrations are another
 * engineer's work in progress: one that fails is reported and left out (each file rolls back
 * whole), rather than failing every REST test with it.
 */
async function applyShopMigrations(dbUrl: string): Promise<void> {
  const migrations = join(supabaseDir, 'migrations');
  if (!readdirSync(migrations).some((f) => f.endsWith('.sql'))) return;
  try {
    await applyMigrations(dbUrl);
  } catch (error) {
    console.warn(`[rest-stack] shop migrations not applied: ${(error as Error).message}`);
  }
}

async function startLocal(): Promise<{ cluster: Cluster; gateway: Gateway; keys: ServiceGateway }> {
  const cluster = await startCluster({ persistent: false });
  try {
    await applyBootstrap(cluster.url);
    await applyShopMigrations(cluster.url);
    const keys = await startServiceGateway(cluster, { '/rest/v1': createRestService });
    return { cluster, gateway: keys.gateway, keys };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** A session advisory lock, held until the returned client ends. */
async function fixtureLock(dbUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query("select pg_advisory_lock(hashtext('rest-contract-fixture'))");
  return client;
}

/** Waits until the gateway's schema cache has picked the fixture up (NOTIFY or fingerprint). */
async function untilVisible(url: string, anonKey: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${url}/rest/v1/rest_products?select=id&limit=1`, { headers: { apikey: anonKey } });
    await response.text();
    if (response.status === 200) return;
    if (Date.now() > deadline) throw new Error(`the REST schema cache never saw the fixture (last status ${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startRestStack(options: { shared?: boolean } = {}): Promise<RestStack> {
  const shared = options.shared === false ? undefined : fromEnvironment();
  const local = shared ? undefined : await startLocal();
  const base = shared ?? {
    url: local!.gateway.url,
    anonKey: local!.keys.publishableKey,
    serviceRoleKey: local!.keys.secretKey,
    dbUrl: local!.cluster.url,
    jwtSecret: local!.keys.jwtSecret,
    tokenKey: local!.keys.signingKey as TokenKey,
  };
  // Test files run in parallel: on a shared stack, one at a time owns the fixture.
  const lock = shared ? await fixtureLock(base.dbUrl) : undefined;
  const stopLocal = async () => {
    await lock?.end();
    await local?.gateway.close();
    await local?.cluster.stop();
  };
  try {
    const fixture = await installFixture(base.dbUrl);
    await untilVisible(base.url, base.anonKey);
    return {
      ...base,
      fixture,
      tokenFor: (userId, { expiresIn = 3600, email = `${userId}@example.test` } = {}) =>
        signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', email, exp: Math.floor(Date.now() / 1000) + expiresIn }, base.tokenKey),
      async stop() {
        if (shared) await removeFixture(base.dbUrl);
        await stopLocal();
      },
    };
  } catch (error) {
    await stopLocal();
    throw error;
  }
}
