// What Linux knows about a process's resources, read from /proc: CPU time (all threads, user and
// system), resident memory now and its high-water mark, and the reset of that mark. Read from the
// Node side, because a function's busy loop blocks every timer inside its own Deno process.
import { readFileSync, writeFileSync } from 'node:fs';

// /proc/<pid>/stat counts CPU time in clock ticks of USER_HZ, which Linux fixes at 100 a second
// for user space whatever the kernel's own tick rate (`getconf CLK_TCK`).
const msPerTick = 1000 / 100;

/** CPU time the process has used so far (utime + stime), in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the man page (utime, stime) are the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) * msPerTick;
}

/**
 * Resident memory now (VmRSS) and its high-water mark (VmHWM), in bytes, from one read of
 * /proc/<pid>/status: the watchdog takes both at every sample, and the kernel builds the whole
 * file for each read.
 */
export function residentMemory(pid: number): { rssBytes: number; peakRssBytes: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: 'VmRSS' | 'VmHWM') => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { rssBytes: kb('VmRSS') * 1024, peakRssBytes: kb('VmHWM') * 1024 };
}

/** Brings the high-water mark down to the current resident memory (proc(5), clear_refs "5"). */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
