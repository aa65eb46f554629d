// A function process on its own, without the gateway.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { limitsFor } from './limits.ts';
import { fixtures } from './test-runtime.ts';
import { FunctionWorker } from './worker.ts';

const denoDir = mkdtempSync(join(tmpdir(), 'functions-worker-deno-'));
afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

it('starts a new process for the next request as soon as a limit ends one, not once its exit is seen', async () => {
  const dir = join(fixtures, 'spin');
  const worker = new FunctionWorker({ name: 'spin', dir, env: {}, denoDir, allowRead: [dir], allowNet: ['127.0.0.1'], limits: limitsFor() });
  try {
    const ended = await worker.running();
    // A report past the memory limit ends the process now, synchronously; its exit comes later.
    (ended as unknown as { watchdog: { report(bytes: number): void } }).watchdog.report(257 * 1024 * 1024);
    const next = await worker.running();
    expect(next.port).not.toBe(ended.port);
    expect(await ended.limitThatEnded()).toMatch(/^memory limit/);
  } finally {
    await worker.close();
  }
});
