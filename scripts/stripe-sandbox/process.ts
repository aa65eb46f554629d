// The Stripe sandbox in a process of its own (../lib/sandbox-process.ts), as the outside service
// it plays: its webhook deliveries and their retries never take the stack's event loop. For the
// local stack to start and stop; main.ts is what runs in it.
import { join } from 'node:path';
import { startSandboxProcess } from '../lib/sandbox-process.ts';
import type { StripeSandbox } from './server.ts';

export interface StripeSandboxProcessOptions {
  port: number;
  secretKey: string;
  publicUrl?: string;
  retryDelaysMs?: number[];
}

export async function startStripeSandboxProcess(options: StripeSandboxProcessOptions): Promise<StripeSandbox & { pid: number }> {
  const { pid, ready, close } = await startSandboxProcess<{ url: string }>(
    'the Stripe sandbox',
    join(import.meta.dirname, 'main.ts'),
    [
      '--port', String(options.port), '--host', '127.0.0.1',
      ...(options.publicUrl === undefined ? [] : ['--public-url', options.publicUrl]),
      ...(options.retryDelaysMs === undefined ? [] : ['--retry-delays', options.retryDelaysMs.join(',')]),
    ],
    // The key by the environment rather than the command line, which any user of the machine can read.
    { STRIPE_SECRET_KEY: options.secretKey },
  );
  return { url: ready.url, secretKey: options.secretKey, pid, close };
}
