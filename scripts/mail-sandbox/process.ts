// The mail sandbox in a process of its own (../lib/sandbox-process.ts), as the outside service it
// plays: writing each mail to the outbox and its log line no longer take the stack's event loop.
// Started and stopped by the local stack (launch.ts); main.ts is what runs in it.
import { join } from 'node:path';
import { startSandboxProcess } from '../lib/sandbox-process.ts';
import type { MailSandbox, MailSandboxOptions } from './server.ts';

export async function startMailSandboxProcess(options: Omit<MailSandboxOptions, 'host'>): Promise<MailSandbox & { pid: number }> {
  const { pid, ready, close } = await startSandboxProcess<{ url: string }>(
    'the mail sandbox',
    join(import.meta.dirname, 'main.ts'),
    ['--port', String(options.port), '--host', '127.0.0.1', '--data-dir', options.dataDir],
    // The key by the environment rather than the command line, which any user of the machine can read.
    { MAIL_API_KEY: options.apiKey },
  );
  return { url: ready.url, apiKey: options.apiKey, pid, close };
}
