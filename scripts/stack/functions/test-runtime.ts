// Shared by the edge runtime's tests: what the gateway hands the runtime (keys, URLs, secrets,
// no database), the fixture functions behind a gateway, and reading their answers.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../lib/free-port.ts';
import type { StackContext } from '../context.ts';
import { startGateway, type GatewayOptions } from '../gateway.ts';
import { readAuthMailSettings } from '../auth/mail-settings.ts';
import { newProjectKeys } from '../project-keys.ts';
import { functionsService, type FunctionsServiceOptions, type RequestMeasured } from './service.ts';

export const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const keys = newProjectKeys();
export const { jwtSecret } = keys;

/** A gateway context on a free port, with `functionSecrets` as the project's secrets. */
export async function runtimeContext(functionSecrets: Record<string, string> = { SHOP_SECRET: 'local-value' }): Promise<Omit<StackContext, 'pool'>> {
  return {
    apiUrl: `http://127.0.0.1:${await freePort()}`,
    dbUrl: 'postgresql://postgres@127.0.0.1:5/postgres',
    dbUrlFor: (role) => `postgresql://${role}@127.0.0.1:5/postgres`,
    ...keys,
    settings: { autoconfirm: true, siteUrl: 'http://127.0.0.1:5173', jwtExpiry: 3600, mail: readAuthMailSettings(), legacyKeys: true },
    functionSecrets,
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Tests read arbitrary fields of the fixtures' JSON.
export const json = (response: Response): Promise<any> => response.json();

export interface TestRuntime {
  /** Calls a fixture function with the anon key, as supabase-js would. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** What the runtime measured of every request answered so far. */
  measured: RequestMeasured[];
  close(): Promise<void>;
}

/** A gateway (with `gateway`'s bounds) serving the fixture functions under a runtime with these options. */
export async function startRuntime(options: FunctionsServiceOptions = {}, gateway: Pick<GatewayOptions, 'waitBound'> = {}): Promise<TestRuntime> {
  const measured: RequestMeasured[] = [];
  const context = await runtimeContext();
  const service = functionsService({
    functionsDir: fixtures,
    configFile: join(fixtures, 'config.toml'),
    onRequestMeasured: (request) => measured.push(request),
    ...options,
  });
  const started = await startGateway({ port: Number(new URL(context.apiUrl).port), context, services: { '/functions/v1': service }, ...gateway });
  return {
    call: (path, init = {}) => fetch(`${started.url}/functions/v1${path}`, { ...init, headers: { ...bearer(keys.anonKey), ...init.headers } }),
    measured,
    close: () => started.close(),
  };
}
