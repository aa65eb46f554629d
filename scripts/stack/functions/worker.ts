// One edge function's Deno process: started on first use, kept warm, started again on the next
// request after it dies, stopped on close. Deno runs offline: `--cached-only` and npm packages
// taken from the repository's node_modules (`--node-modules-dir=manual`), so nothing downloads.
// The hosted limits of limits.ts hold here: memory as the hosted runtime counts it (V8 heap in use
// + external memory, reported by the process itself, bootstrap.ts) with a V8 heap cap and a
// resident-memory backstop, CPU time per request (watchdog.ts), no run or FFI permission, no
// connection to the mail ports, and a wall clock after which the worker is retired: new requests
// go to a new process, and the old one ends once the requests it holds are answered.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { denoExecutable } from '../../lib/deno.ts';
import { repoRoot } from '../../lib/paths.ts';
import { stopProcess } from '../../lib/processes.ts';
import { innerCallToken } from './inner-calls.ts';
import { hostedLimits, limitsPage, type RuntimeLimits } from './limits.ts';
import { Watchdog, type RequestUsage } from './watchdog.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bootstrap = join(here, 'bootstrap.ts');
// The lines bootstrap.ts writes on stdout for us; keep in sync with it.
const listeningMarker = '__edge_runtime_listening__';
const memoryMarker = '__edge_runtime_memory__';
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
  limits: RuntimeLimits;
}

/** The function could not start (syntax error, missing module, exit before listening). */
export class BootError extends Error {}

export interface Running {
  port: number;
  agent: Agent;
  /** Starts measuring one request's CPU and memory; call the result once it is answered. */
  begin(): () => RequestUsage;
  /**
   * After the connection to the process broke: the limit that ended it, once it has exited, or
   * undefined when it died of something else (or did not die within a second).
   */
  limitThatEnded(): Promise<string | undefined>;
}

interface Process extends Running {
  child: ChildProcessWithoutNullStreams;
  watchdog: Watchdog;
}

// V8's last words when the heap limit is reached; the process then aborts (SIGTRAP).
const heapExhausted = /Fatal JavaScript out of memory/;

/** The worker's command line after the Deno binary. */
export function denoArgs(options: WorkerOptions): string[] {
  const config = join(options.dir, 'deno.json');
  return [
    'run',
    '--cached-only',
    '--no-lock',
    '--no-prompt',
    '--node-modules-dir=manual',
    ...(existsSync(config) ? ['--config', config] : ['--no-config']),
    // The heap cap, for a heap that grows without ever letting the process report (limits.ts).
    `--v8-flags=--max-old-space-size=${options.limits.memoryMb}`,
    `--allow-net=${options.allowNet.join(',')}`,
    // Deny wins over allow: the SMTP ports of every host the function may reach.
    `--deny-net=${options.allowNet.flatMap((host) => hostedLimits.blockedPorts.map((port) => `${host}:${port}`)).join(',')}`,
    // No --allow-run and no --allow-ffi: a hosted function can neither spawn a process nor load native code.
    '--allow-env',
    `--allow-read=${options.allowRead.join(',')}`,
    bootstrap,
    pathToFileURL(join(options.dir, 'index.ts')).href,
    innerCallToken,
  ];
}

export class FunctionWorker {
  private current: Promise<Process> | undefined;
  /** Processes past their wall clock, finishing the requests they hold. */
  private readonly retired = new Set<Process>();
  private closed = false;

  constructor(private readonly options: WorkerOptions) {}

  /** A live process, starting one if none is running. */
  async running(): Promise<Running> {
    if (this.closed) throw new BootError(`function ${this.options.name} is shutting down`);
    this.current ??= this.start();
    return this.current;
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    this.current = undefined;
    const live = [...this.retired, await current?.catch(() => undefined)];
    await Promise.all(
      live.map(async (worker) => {
        if (!worker) return;
        worker.agent.destroy();
        await stopProcess(worker.child, 2000);
      }),
    );
  }

  private log(line: string): void {
    console.error(`[functions:${this.options.name}] ${line}`);
  }

  private start(): Promise<Process> {
    const { name, limits } = this.options;
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
    let limitCrossed: string | undefined;
    let wallClock: NodeJS.Timeout | undefined;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    // The last lines of stderr explain a failed boot in the error the caller gets.
    const recent: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      this.log(line);
      if (heapExhausted.test(line)) limitCrossed ??= `memory limit: the V8 heap reached ${limits.memoryMb} MB`;
      recent.push(line);
      if (recent.length > 20) recent.shift();
    });
    const endFor = (why: string) => {
      limitCrossed ??= why;
      // The next request starts a new worker at once: until its exit is seen, this process would
      // still take it, and answer it 546 for a limit it never crossed.
      if (this.current === started) this.current = undefined;
      this.log(`${why}: the worker is ended, as on hosted Supabase (${limitsPage})`);
      child.kill('SIGKILL');
    };
    // From the start, so that memory taken while the module loads counts too. Without a pid
    // (Deno could not start) its /proc reads fail, which it takes for a process gone.
    const watchdog = new Watchdog(child.pid ?? -1, limits, endFor);
    let listening: (port: number) => void = () => undefined;
    createInterface({ input: child.stdout }).on('line', (line) => {
      // The function's own output is logged; a line it left unfinished may end with a report.
      const report = line.indexOf(memoryMarker);
      const own = report === -1 ? line : line.slice(0, report);
      if (report !== -1) watchdog.report(Number(line.slice(report + memoryMarker.length + 1)));
      if (own.startsWith(`${listeningMarker} `)) listening(Number(own.slice(listeningMarker.length + 1)));
      else if (report === -1 || own) this.log(own);
    });
    const started = new Promise<Process>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new BootError(`function ${name} did not listen within ${bootTimeoutMs / 1000} s`));
      }, bootTimeoutMs);
      listening = (port) => {
        clearTimeout(timer);
        const live: Process = {
          child,
          watchdog,
          port,
          agent: new Agent({ keepAlive: true }),
          begin: () => watchdog.begin(),
          limitThatEnded: async () => {
            await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
            return limitCrossed;
          },
        };
        // The worker's lifetime counts from when it is ready to serve.
        wallClock = setTimeout(() => void this.retire(started, live), limits.wallClockMs);
        resolve(live);
      };
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
      clearTimeout(wallClock);
      // A retired worker's end was announced with its wall clock; only the current one's is news.
      if (this.current === started) {
        this.current = undefined;
        if (!this.closed) this.log(`exited (${signal ?? `code ${code}`}); the next request starts it again`);
      }
      started.then((live) => {
        live.agent.destroy();
        this.retired.delete(live);
      }, () => undefined);
    });
    return started;
  }

  /** The wall clock is up: new requests go to a new process; this one ends once it is idle. */
  private async retire(started: Promise<Process>, live: Process): Promise<void> {
    if (this.current !== started) return;
    this.current = undefined;
    this.retired.add(live);
    this.log(`wall clock of ${this.options.limits.wallClockMs / 1000} s reached: the next request starts a new worker (${limitsPage})`);
    await live.watchdog.whenIdle();
    live.agent.destroy();
    await stopProcess(live.child, 2000);
  }
}
