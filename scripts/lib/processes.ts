import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

/** Runs a command to completion, streaming its output; resolves with its exit code. */
export function runCommand(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Runs one of the repository's TypeScript commands as `npm run` does (tsx), its environment given; its exit code and what it printed. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, script), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Stops a long-running child and waits for it to exit (SIGTERM, then SIGKILL after a grace period). */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Waits until an HTTP URL answers (any status), or throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Runs a test suite's command to completion. 'live' streams its output as it comes; 'block' (a
 * suite running beside others) holds it and prints it whole, under `label`, when the command ends,
 * so that concurrent suites' lines never interleave. Resolves with the exit code and the output.
 */
export function runSuiteProcess(
  label: string,
  command: string,
  args: string[],
  options: SpawnOptions,
  mode: 'live' | 'block',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const held: Array<{ stream: NodeJS.WriteStream; chunk: Buffer }> = [];
    const collect = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      (stream === process.stdout ? stdout : stderr).push(chunk);
      if (mode === 'live') stream.write(chunk);
      else held.push({ stream, chunk });
    };
    child.stdout!.on('data', collect(process.stdout));
    child.stderr!.on('data', collect(process.stderr));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (mode === 'block') {
        process.stdout.write(`\n──── ${label} ────\n`);
        for (const { stream, chunk } of held) stream.write(chunk);
      }
      resolve({
        code: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(stdout).toString(),
        stderr: Buffer.concat(stderr).toString(),
      });
    });
  });
}

/** Whether a process runs: an ended one its parent has not reaped yet (a zombie) does not. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
