// How many things `npm test` runs at once, from what the machine has when it starts: its cores,
// how busy they are at that moment, and its free memory. A busy machine runs fewer lanes at once rather
// than timing out; SHOP_TEST_CONCURRENCY sets the number of lanes by hand.
import { availableParallelism, freemem, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';

export interface TestConcurrency {
  /** Lanes (unit, operator, stack, shared stack, journeys) running side by side. */
  lanes: number;
  /** Browser journey sites, each a stack of its own with one Vitest worker. */
  journeySites: number;
  /** Vitest workers of the stack lane, whose files start clusters and stacks of their own. */
  stackWorkers: number;
  /** What the numbers were chosen from, for the summary. */
  basis: string;
}

/** Every lane at once, from four idle cores up. */
const maxLanes = 5;
/** Free memory one lane may take at its peak (a stack, a browser, a build). */
const laneMemoryBytes = 2 * 1024 ** 3;

/** Busy CPU time over `ms` from /proc/stat, in cores; undefined where there is no /proc. */
async function busyCores(ms: number): Promise<number | undefined> {
  const sample = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3]! + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  try {
    const before = sample();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const after = sample();
    const total = after.total - before.total;
    return total > 0 ? ((total - (after.idle - before.idle)) / total) * availableParallelism() : undefined;
  } catch {
    return undefined;
  }
}

function fromOverride(value: string): number {
  const lanes = Number(value);
  if (!Number.isInteger(lanes) || lanes < 1) throw new Error(`SHOP_TEST_CONCURRENCY must be a whole number of lanes, 1 or more (got "${value}").`);
  return Math.min(lanes, maxLanes);
}

/** Journey sites and stack workers follow the lanes: two each once four lanes or more fit. */
function derived(lanes: number, basis: string): TestConcurrency {
  const pairs = lanes >= 4 ? 2 : 1;
  return { lanes, journeySites: pairs, stackWorkers: pairs, basis };
}

/** What the choice is made from. */
export interface MachineState {
  cores: number;
  /** Cores' worth of CPU already busy. */
  busy: number;
  freeBytes: number;
}

/**
 * A lane per idle core, one more for their waits; never more than memory allows. On two idle
 * cores, five lanes took 874 to 939 s of CPU and 492 to 521 s; three took 829 s of CPU and 499 s:
 * lanes beyond that only slow each other down.
 */
export function chooseConcurrency({ cores, busy, freeBytes }: MachineState): TestConcurrency {
  const idle = Math.max(0.5, cores - busy);
  const byCpu = Math.round(idle + 1);
  const byMemory = Math.max(1, Math.floor(freeBytes / laneMemoryBytes));
  const lanes = Math.max(1, Math.min(maxLanes, byCpu, byMemory));
  return derived(lanes, `${cores} cores, ${busy.toFixed(1)} busy, ${(freeBytes / 1024 ** 3).toFixed(0)} GiB free`);
}

export async function testConcurrency(env: NodeJS.ProcessEnv = process.env): Promise<TestConcurrency> {
  if (env.SHOP_TEST_CONCURRENCY) {
    const lanes = fromOverride(env.SHOP_TEST_CONCURRENCY);
    return derived(lanes, `SHOP_TEST_CONCURRENCY=${lanes}`);
  }
  // What the cores do now, over two seconds: the load average lags by minutes, so it still counts
  // the installs that setup.mjs has just run (it made an idle machine look 7 cores busy) and misses
  // a load that has just begun. Without /proc, the load average is all there is.
  const busy = (await busyCores(2000)) ?? loadavg()[0]!;
  return chooseConcurrency({ cores: availableParallelism(), busy, freeBytes: freemem() });
}
