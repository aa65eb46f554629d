// The commerce sandbox as the local stack runs it: a process of its own (process.ts), serving
// until stopped, and gone with the stack's process even when that one is killed outright.
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from '../lib/paths.ts';
import { isRunning } from '../lib/processes.ts';
import { startCommerceSandboxProcess } from './process.ts';
import { tempDataDir } from './test-support.ts';

it('serves from a process of its own and leaves none behind once stopped', async () => {
  const data = tempDataDir();
  try {
    const port = await freePort();
    const sandbox = await startCommerceSandboxProcess({ port, dataDir: data.dir, storeId: 'store_lumiere_sacree', apiToken: 'hapi_process_test' });
    expect(sandbox.pid).not.toBe(process.pid);
    expect(sandbox.url).toBe(`http://127.0.0.1:${port}`);
    const catalogue = await fetch(`${sandbox.url}/store/store_lumiere_sacree/products`);
    expect(catalogue.status).toBe(200);
    expect(((await catalogue.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0);
    const stores = await fetch(`${sandbox.url}/api/ecommerce/v1/stores`, { headers: { Authorization: 'Bearer hapi_process_test' } });
    expect(stores.status, 'its Ecommerce API takes the token it was given').toBe(200);
    await stores.body?.cancel();

    await sandbox.close();
    expect(isRunning(sandbox.pid)).toBe(false);
    await expect(fetch(`${sandbox.url}/store/store_lumiere_sacree/products`)).rejects.toThrow();
  } finally {
    data.remove();
  }
}, 30_000);

it('ends when the process that started it is killed without a chance to stop it', async () => {
  const data = tempDataDir();
  const parentScript = `
    import { startCommerceSandboxProcess } from './scripts/commerce-sandbox/process.ts';
    const sandbox = await startCommerceSandboxProcess({ port: 0, dataDir: ${JSON.stringify(data.dir)}, storeId: 'store_lumiere_sacree', apiToken: 'hapi_process_test' });
    console.log(sandbox.pid);
    setInterval(() => undefined, 1000);
  `;
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', parentScript], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before the sandbox served`)));
    });
    expect(isRunning(pid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
  } finally {
    parent.kill('SIGKILL');
    data.remove();
  }
}, 30_000);
