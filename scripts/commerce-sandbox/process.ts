// The commerce sandbox in a process of its own (../lib/sandbox-process.ts), as the outside service
// it plays. Started and stopped by the local stack (launch.ts); main.ts is what runs in it.
import { join } from 'node:path';
import { startSandboxProcess } from '../lib/sandbox-process.ts';

export interface SandboxProcessOptions {
  port: number;
  dataDir: string;
  storeId: string;
  /** The Bearer token its Ecommerce API accepts, as an hPanel token would be the owner's. */
  apiToken: string;
}

export interface SandboxProcess {
  url: string;
  storeId: string;
  pid: number;
  close(): Promise<void>;
}

export async function startCommerceSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const { pid, ready, close } = await startSandboxProcess<{ url: string; storeId: string }>('the commerce sandbox', join(import.meta.dirname, 'main.ts'), [
    '--port', String(options.port), '--host', '127.0.0.1', '--data-dir', options.dataDir, '--store-id', options.storeId,
  ], { HOSTINGER_API_TOKEN: options.apiToken });
  return { ...ready, pid, close };
}
