// For tests: a throwaway cluster with the platform bootstrap (Storage's schema included) and a
// gateway serving only /storage/v1, its bytes in a temp folder; users are ES256 tokens made
// with the stack's signing key, exactly what GoTrue would issue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preparedCluster } from '../../db/cluster-template.ts';
import { signJwt } from '../keys.ts';
import { startServiceGateway } from '../service-gateway.ts';
import { createStorageService, type StorageOptions } from './service.ts';

export interface StorageTestStack {
  url: string;
  /** The publishable and secret keys, as a client uses them. */
  anonKey: string;
  serviceRoleKey: string;
  /** Signs Storage's signed-URL tokens. */
  jwtSecret: string;
  dbUrl: string;
  dataDir: string;
  tokenFor(userId: string, options?: { expiresIn?: number }): string;
  stop(): Promise<void>;
}

export async function startStorageTestStack(options: Omit<StorageOptions, 'dataDir'> = {}): Promise<StorageTestStack> {
  const cluster = await preparedCluster('bootstrap');
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-storage-test-'));
  const stop = async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { gateway, jwtSecret, ...keys } = await startServiceGateway(cluster, { '/storage/v1': createStorageService({ ...options, dataDir }) });
    return {
      url: gateway.url,
      anonKey: keys.publishableKey,
      serviceRoleKey: keys.secretKey,
      jwtSecret,
      dbUrl: cluster.url,
      dataDir,
      tokenFor: (userId, { expiresIn = 3600 } = {}) =>
        signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', email: `${userId}@example.test`, exp: Math.floor(Date.now() / 1000) + expiresIn }, keys.signingKey),
      async stop() {
        await gateway.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
