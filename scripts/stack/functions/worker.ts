// One edge function's Deno process: started on first use, kept warm, started again on the next
// request after it dies, stopped on close. Deno runs offline: `--cached-only` and npm packages
// taken from the repository's node_modules (`--node-modules-dir=manual`), so nothing downloads.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { denoExecutable } from '../../lib/deno.ts';
import { repoRoot } from '../../lib/paths.ts';
import { stopProcess } from '../../lib/processes.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bootstrap = join(here, 'bootstrap.ts');
const listeningMarker = '__edge_runtime_listening__';
const bootTimeoutMs = 30_000;
export const denoBinary = denoExecutable();

export interface WorkerOptions {
  name: string;
  /** The function's folder, holding index.ts and optionally deno.json. */
  dir: string;
  /** The variables the function sees; nothing else from our environment leaks in. */
  env: Record<string, string>;
  denoDir: string;
  /** Folders Deno may read: the functions folder (for _shared) and node_modules. */
  allowRead: string[];
  /** Hosts the function may reach: loopback and the stack's own services. */
  allowNet: string[];
}

/** The function could not start (syntax error, missing module, exit before listening). */
export class BootError extends Error {}

export interface Running {
  port: number;
  agent: Agent;
}

interface Process extends Running {
  child: ChildProcessWithoutNullStreams;
}

function denoArgs(options: WorkerOptions): string[] {
  const config = join(options.dir, 'deno.json');
  return [
    'run',
    '--cached-only',
    '--no-lock',
    '--no-prompt',
    '--node-modules-dir=manual',
    ...(existsSync(config) ? ['--config', config] : ['--no-config']),
    `--allow-net=${options.allowNet.join(',')}`,
    '--allow-env',
    `--allow-read=${options.allowRead.join(',')}`,
    bootstrap,
    pathToFileURL(join(options.dir, 'index.ts')).href,
  ];
}

export class FunctionWorker {
  private current: Promise<Process> | undefined;
  private closed = false;

  constructor(private readonly options: WorkerOptions) {}

  /** The port of a live process, starting one if none is running. */
  async running(): Promise<Running> {
    if (this.closed) throw new BootError(`function ${this.options.name} is shutting down`);
    this.current ??= this.start();
    return this.current;
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    this.current = undefined;
    const live = await current?.catch(() => undefined);
    if (!live) return;
    live.agent.destroy();
    await stopProcess(live.child, 2000);
  }

  private start(): Promise<Process> {
    const { name } = this.options;
    const child = spawn(denoBinary, denoArgs(this.options), {
      cwd: this.options.dir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        DENO_DIR: this.options.denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        DENO_NO_PROMPT: '1',
        NO_COLOR: '1',
        ...this.options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const log = (line: string) => console.error(`[functions:${name}] ${line}`);
    // The last lines of stderr explain a failed boot in the error the caller gets.
    const recent: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      log(line);
      recent.push(line);
      if (recent.length > 20) recent.shift();
    });
    const started = new Promise<Process>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new BootError(`function ${name} did not listen within ${bootTimeoutMs / 1000} s`));
      }, bootTimeoutMs);
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (!line.startsWith(`${listeningMarker} `)) return log(line);
        clearTimeout(timer);
        resolve({ child, port: Number(line.slice(listeningMarker.length + 1)), agent: new Agent({ keepAlive: true }) });
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new BootError(`function ${name} could not start Deno: ${error.message}`));
      });
      // 'close' rather than 'exit': by then stderr has been read to its end.
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        reject(new BootError(`function ${name} exited before listening (${signal ?? `code ${code}`}):\n${recent.join('\n')}`));
      });
    });
    child.once('exit', (code, signal) => {
      if (this.current === started) this.current = undefined;
      if (!this.closed) log(`exited (${signal ?? `code ${code}`}); the next request starts it again`);
      started.then((p) => p.agent.destroy(), () => undefined);
    });
    return started;
  }
}
