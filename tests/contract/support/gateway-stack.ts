// Where the gateway contract tests find auth, REST, Storage and Realtime behind one gateway: the
// stack the test orchestrator started (its SUPABASE_* environment), or else a throwaway cluster
// (platform bootstrap and the shop's migrations) with a gateway serving those four services.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../../../scripts/db/cluster.ts';
import { applyBootstrap, applyMigrations } from '../../../scripts/db/migrate.ts';
import { testStackRateLimits } from '../../../scripts/stack/auth/rate-limit-settings.ts';
import { authService } from '../../../scripts/stack/auth/service.ts';
import type { TokenKey } from '../../../scripts/stack/keys.ts';
import { createRealtimeService } from '../../../scripts/stack/realtime/service.ts';
import { createRestService } from '../../../scripts/stack/rest/service.ts';
import { startServiceGateway } from '../../../scripts/stack/service-gateway.ts';
import { createStorageService } from '../../../scripts/stack/storage/service.ts';
import { tokenKeyFrom } from '../../support/token-key.ts';

export interface GatewayStack {
  /** The gateway's base URL. */
  apiUrl: string;
  /** The key clients send as `apikey`: the publishable key, or the anon key while the legacy keys are on. */
  anonKey: string;
  /** What users' access tokens are signed with (the signing key; the JWT secret for a legacy project). */
  tokenKey: TokenKey;
  stop(): Promise<void>;
}

function fromEnvironment(): GatewayStack | undefined {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY } = process.env;
  const tokenKey = tokenKeyFrom(process.env);
  if (!SUPABASE_URL || !SUPABASE_PUBLISHABLE_KEY || !tokenKey) return undefined;
  return { apiUrl: SUPABASE_URL, anonKey: SUPABASE_PUBLISHABLE_KEY, tokenKey, stop: async () => {} };
}

export async function startGatewayStack(): Promise<GatewayStack> {
  const shared = fromEnvironment();
  if (shared) return shared;
  const legacyKeys = process.env.SHOP_LEGACY_KEYS === 'on';
  const cluster = await startCluster({ persistent: false });
  const storageDir = mkdtempSync(join(tmpdir(), 'shop-gateway-test-'));
  const stopCluster = async () => {
    await cluster.stop();
    rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    await applyBootstrap(cluster.url);
    await applyMigrations(cluster.url);
    const keys = await startServiceGateway(
      cluster,
      {
        '/auth/v1': authService({ rateLimits: testStackRateLimits }),
        '/rest/v1': createRestService,
        '/storage/v1': createStorageService({ dataDir: storageDir }),
        '/realtime/v1': createRealtimeService,
      },
      { legacyKeys },
    );
    return {
      apiUrl: keys.apiUrl,
      anonKey: legacyKeys ? keys.anonKey : keys.publishableKey,
      tokenKey: keys.signingKey,
      async stop() {
        await keys.gateway.close();
        await stopCluster();
      },
    };
  } catch (error) {
    await stopCluster();
    throw error;
  }
}
