// The outside services the local stack plays (the commerce sandbox, the mail sandbox), each in a
// process of its own, as the services they stand for: their work never takes the stack's event
// loop, and they get a core of their own when the machine has one. The parent side starts one
// and waits for the address it tells over the IPC channel; the child side (the sandbox's
// main.ts) leaves Ctrl-C to the stack, which stops it after the services that call it, and ends
// when the channel closes: a stack that dies takes its sandboxes along.
import { spawn } from 'node:child_process';
import { repoRoot } from './paths.ts';
import { stopProcess } from './processes.ts';

export interface SandboxProcess<Ready> {
  pid: number;
  /** What the sandbox told once it served (its URL, …). */
  ready: Ready;
  close(): Promise<void>;
}

/** Runs `main` (a TypeScript entry) with `args` and `env` added, until it says it serves. */
export function startSandboxProcess<Ready>(name: string, main: string, args: string[], env: Record<string, string> = {}): Promise<SandboxProcess<Ready>> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const exited = (code: number | null, signal: string | null) => reject(new Error(`${name} exited before serving (${signal ?? `code ${code}`})`));
    child.once('error', reject);
    child.once('exit', exited);
    child.once('message', (ready) => {
      child.off('exit', exited);
      resolve({ pid: child.pid!, ready: ready as Ready, close: () => stopProcess(child) });
    });
  });
}

/**
 * The child's side, once its server listens: under the stack, tells `ready` over the channel and
 * stops when the channel closes or on SIGTERM; run alone, prints `banner` and stops on Ctrl-C too.
 */
export function serveAsSandboxProcess(ready: object, banner: string, close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  if (process.send) {
    process.on('SIGINT', () => undefined);
    process.on('disconnect', stop);
    process.send(ready);
  } else {
    console.log(banner);
    process.on('SIGINT', stop);
  }
}
