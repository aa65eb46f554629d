// tree-cpu.py, which npm test runs each lane under: the CPU of a daemon that detached from the
// command (as pg_ctl's postmaster does) is counted, and a process that outlives the command is
// named and killed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning } from './processes.ts';
import { repoRoot } from './paths.ts';

const folder = mkdtempSync(join(tmpdir(), 'tree-cpu-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `script` under tree-cpu.py; its exit code, stderr and report. */
function underMeter(script: string): Promise<{ code: number | null; stderr: string; report: { user: number; system: number; wholeTree: boolean } }> {
  const report = join(folder, `${Math.random()}.json`);
  const child = spawn('python3', [join(repoRoot, 'scripts/lib/tree-cpu.py'), report, '--', 'bash', '-c', script], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TREE_CPU_GRACE_SECONDS: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr, report: JSON.parse(readFileSync(report, 'utf8')) })));
}

/** Busy for about `seconds` of CPU, whatever else the machine does. */
const burn = (seconds: number) => `node -e 'const end = process.cpuUsage().user + ${seconds * 1e6}; while (process.cpuUsage().user < end);'`;

describe('tree-cpu.py', () => {
  it("counts a detached daemon's CPU, which its parent never reaps, and keeps the command's exit code", async () => {
    // A subshell that exits at once: the daemon is reparented, as a postmaster is when pg_ctl
    // returns; the command then waits for it to end, as a stop does.
    const pidFile = join(folder, 'daemon.pid');
    const { code, report } = await underMeter(`(${burn(1)} & echo $! > ${pidFile}); tail --pid=$(cat ${pidFile}) -f /dev/null; exit 3`);
    expect(code).toBe(3);
    expect(report.wholeTree).toBe(true);
    expect(report.user + report.system).toBeGreaterThanOrEqual(1);
  });

  it('names and kills a process that outlives the command', async () => {
    const pidFile = join(folder, 'leftover.pid');
    const { code, stderr } = await underMeter(`(sleep 600 & echo $! > ${pidFile}); exit 0`);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(code).toBe(0);
    expect(stderr).toContain(`sleep 600 (pid ${pid}) outlived its lane: killed`);
    expect(isRunning(pid)).toBe(false);
  });
});
