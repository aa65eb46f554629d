// The commerce sandbox in a process of its own, as the outside service it plays: its work never
// takes the stack's event loop, and it gets a core of its own when the machine has one. Started
// and stopped by the local stack (launch.ts); main.ts is what runs in it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.ts';
import { stopProcess } from '../lib/processes.ts';

export interface SandboxProcessOptions {
  port: number;
  dataDir: string;
  storeId: string;
}

export interface SandboxProcess {
  url: string;
  storeId: string;
  pid: number;
  close(): Promise<void>;
}

export function startCommerceSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), '--port', String(options.port), '--host', '127.0.0.1', '--data-dir', options.dataDir, '--store-id', options.storeId],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    const exited = (code: number | null, signal: string | null) => reject(new Error(`the commerce sandbox exited before serving (${signal ?? `code ${code}`})`));
    child.once('error', reject);
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      const { url, storeId } = message as { url: string; storeId: string };
      resolve({ url, storeId, pid: child.pid!, close: () => stopProcess(child) });
    });
  });
}
