// For the tests of one or two services: a gateway on a free port over a cluster already started,
// with fresh project keys (legacy keys off unless asked; the signing key given, if one is), serving only the services given.
import type { Cluster } from '../db/cluster.ts';
import { freePort } from '../lib/free-port.ts';
import { startGateway, type Gateway, type GatewayOptions } from './gateway.ts';
import { readAuthMailSettings } from './auth/mail-settings.ts';
import { newProjectKeys, type ProjectKeys } from './project-keys.ts';
import type { SigningKey } from './signing-keys.ts';

export interface ServiceGateway extends ProjectKeys {
  gateway: Gateway;
  apiUrl: string;
}

export async function startServiceGateway(
  cluster: Cluster,
  services: GatewayOptions['services'],
  options: { legacyKeys?: boolean; signingKey?: SigningKey } = {},
): Promise<ServiceGateway> {
  const keys = { ...newProjectKeys(), ...(options.signingKey && { signingKey: options.signingKey }) };
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const gateway = await startGateway({
    port,
    context: {
      apiUrl,
      dbUrl: cluster.url,
      dbUrlFor: cluster.urlFor,
      ...keys,
      settings: { autoconfirm: true, siteUrl: 'http://127.0.0.1', jwtExpiry: 3600, mail: readAuthMailSettings(), legacyKeys: options.legacyKeys ?? false },
      functionSecrets: {},
    },
    services,
  });
  return { gateway, apiUrl, ...keys };
}
