// For the tests of one or two services: a gateway on a free port over a cluster already started,
// with a fresh JWT secret and the API keys signed with it, serving only the services given.
import type { Cluster } from '../db/cluster.ts';
import { freePort } from '../lib/free-port.ts';
import { startGateway, type Gateway, type GatewayOptions } from './gateway.ts';
import { readAuthMailSettings } from './auth/mail-settings.ts';
import { apiKeys, newJwtSecret } from './keys.ts';

export interface ServiceGateway {
  gateway: Gateway;
  apiUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export async function startServiceGateway(cluster: Cluster, services: GatewayOptions['services']): Promise<ServiceGateway> {
  const jwtSecret = newJwtSecret();
  const keys = apiKeys(jwtSecret);
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const gateway = await startGateway({
    port,
    context: {
      apiUrl,
      dbUrl: cluster.url,
      dbUrlFor: cluster.urlFor,
      jwtSecret,
      ...keys,
      settings: { autoconfirm: true, siteUrl: 'http://127.0.0.1', jwtExpiry: 3600, mail: readAuthMailSettings() },
      functionSecrets: {},
    },
    services,
  });
  return { gateway, apiUrl, jwtSecret, ...keys };
}
