// The processes of a running local stack and the CPU each used between two readings, from /proc:
// the Node process that hosts the stack and every process below it (the Deno workers of the edge
// functions, any service started in a process of its own), and PostgreSQL (pg_ctl detaches the
// postmaster, so it is found by its data directory's postmaster.pid) with all its backends.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMs } from '../stack/functions/proc-usage.ts';

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** What the report calls it: `node (stack)`, `deno create-checkout`, `postgres backends`, … */
  label: string;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * A PostgreSQL child by its process title: the walsender that decodes the WAL for realtime
 * (`postgres: walsender <user> <host> …`), the backends of client connections
 * (`postgres: <user> <database> <host>(<port>) <state>`), and the server's own workers
 * (checkpointer, WAL writer, autovacuum, pg_cron, …).
 */
function postgresLabel(title: string): string {
  if (title.startsWith('postgres: walsender ')) return 'postgres walsender';
  return /\d\)|\[local\]/.test(title) ? 'postgres backends' : 'postgres (server workers)';
}

/** A name a reader recognises: the function a Deno worker runs, the script a Node child runs. */
function labelOf(pid: number, rootPid: number, postmasterPid: number | undefined): string {
  if (pid === rootPid) return 'node (stack)';
  if (pid === postmasterPid) return 'postgres (postmaster)';
  return labelOfCommandLine(commandLine(pid));
}

/** The label of a child of the stack by its command line (program first). */
export function labelOfCommandLine(args: string[]): string {
  const program = (args[0] ?? '').split('/').at(-1) ?? '';
  if (program === 'deno') {
    // The entry is one of the worker's arguments (the runtime passes others after it).
    const fn = args.map((arg) => /\/functions\/([^/]+)\/index\.ts$/.exec(arg)?.[1]).find(Boolean);
    return `deno ${fn ?? 'worker'}`;
  }
  if (program === 'postgres' || args[0]?.startsWith('postgres:')) return postgresLabel(args.join(' '));
  const script = args.slice(1).find((arg) => /\.(ts|mjs|js)$/.test(arg));
  // With its folder: `node commerce-sandbox/main.ts`, the sandbox's own process.
  return `${program} ${script ? script.split('/').slice(-2).join('/') : ''}`.trim();
}

/**
 * Every process of the stack now: the tree under `rootPid` and the postmaster's, without the
 * subtrees of `excluded` (the load generator, which the stack process starts beside it).
 */
export function stackProcesses(rootPid: number, pgDataDir: string, excluded: number[] = []): ProcessInfo[] {
  let postmasterPid: number | undefined;
  try {
    postmasterPid = Number(readFileSync(join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    postmasterPid = undefined;
  }
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .flatMap((pid) => {
      const ppid = parentOf(pid);
      return ppid === undefined ? [] : [{ pid, ppid }];
    });
  const roots = new Set([rootPid, ...(postmasterPid ? [postmasterPid] : [])]);
  const inTree = new Set(roots);
  // Children after parents is not guaranteed by pid order: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const { pid, ppid } of all) {
      if (!inTree.has(pid) && inTree.has(ppid) && !excluded.includes(pid)) {
        inTree.add(pid);
        added = true;
      }
    }
  }
  return all.filter(({ pid }) => inTree.has(pid)).map(({ pid, ppid }) => ({ pid, ppid, label: labelOf(pid, rootPid, postmasterPid) }));
}

/** CPU time of each stack process so far (ms), by pid, with its label. */
export type CpuReading = Map<number, { label: string; cpuMs: number }>;

export function readStackCpu(rootPid: number, pgDataDir: string, excluded: number[] = []): CpuReading {
  const reading: CpuReading = new Map();
  for (const { pid, label } of stackProcesses(rootPid, pgDataDir, excluded)) {
    try {
      reading.set(pid, { label, cpuMs: cpuMs(pid) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return reading;
}

/**
 * The share of one core each kind of stack process used between two readings (1 = a whole core),
 * summed over the processes of that label; a process that started in between counts from zero,
 * one that ended in between is missing (short-lived backends' CPU is lost, a small undercount).
 */
export function cpuBetween(before: CpuReading, after: CpuReading, seconds: number): Array<{ label: string; processes: number; cores: number }> {
  const byLabel = new Map<string, { processes: number; ms: number }>();
  for (const [pid, { label, cpuMs: now }] of after) {
    const used = now - (before.get(pid)?.cpuMs ?? 0);
    const entry = byLabel.get(label) ?? { processes: 0, ms: 0 };
    entry.processes += 1;
    entry.ms += used;
    byLabel.set(label, entry);
  }
  return [...byLabel.entries()]
    .map(([label, { processes, ms }]) => ({ label, processes, cores: ms / 1000 / seconds }))
    .sort((a, b) => b.cores - a.cores);
}
