// Per-request CPU time and memory of one function process, and the hosted limits enforced on them.
//
// CPU is measured from the Node side while requests are in flight (a busy loop in the function
// blocks Deno's own timers, not ours).
// Attribution: every sample, the CPU time the process used since the previous sample (all its
// threads, user and system) is split equally among the requests in flight, as a processor shared
// between them would spend it. With one request at a time, as in the bench, that is exactly the
// request's CPU time; for interleaved async requests it is a fair share; a request queued behind
// one that never yields is charged part of that one's work. Waiting on I/O costs no CPU, so it is
// not counted, as on the platform. CPU used while no request is in flight is charged to none.
//
// Memory is what the hosted runtime counts (limits.ts): the V8 heap in use plus external memory,
// as the function's own process reports it (bootstrap.ts, read by `report`). A request's peak is the
// highest report while it was in flight, the figure it started with included; a report at or over
// the limit ends the worker, idle or not, as on the platform. The process's resident memory (RSS)
// is read from /proc too: its high-water mark while the request was in flight, for information,
// and the backstop for a burst that never lets the process report (limits.ts). The mark is reset
// when a request starts on an idle process.
import { residentBackstopMb } from './limits.ts';
import { cpuMs, residentMemory, resetPeakRss } from './proc-usage.ts';

/** How often the in-flight requests are measured: how late, at most, a limit is noticed. */
const sampleEveryMs = 50;

export interface RequestUsage {
  /** CPU time charged to the request, in ms. */
  cpuMs: number;
  /** The highest V8 heap in use + external memory while the request was in flight, in bytes: the hosted measure. */
  peakMemoryBytes: number;
  /** The worker's resident memory high-water mark while the request was in flight, in bytes (information). */
  peakRssBytes: number;
}

export interface WatchdogLimits {
  cpuMsPerRequest: number;
  memoryMb: number;
}

export class Watchdog {
  private readonly inFlight = new Set<RequestUsage>();
  private timer: NodeJS.Timeout | undefined;
  private cpuAtLastSample = 0;
  /** The latest heap + external figure the process reported. */
  private memoryBytes = 0;
  private exceeded = false;
  private idle: Array<() => void> = [];

  /** `onExceeded` is called once, with what was crossed, for the caller to end the process. */
  constructor(
    private readonly pid: number,
    private readonly limits: WatchdogLimits,
    private readonly onExceeded: (why: string) => void,
  ) {}

  /** Starts measuring one request; call the result when it is answered, for what it used. */
  begin(): () => RequestUsage {
    if (this.inFlight.size === 0) {
      this.read(() => {
        resetPeakRss(this.pid);
        this.cpuAtLastSample = cpuMs(this.pid);
      });
      this.timer = setInterval(() => this.sample(), sampleEveryMs);
    } else {
      // What the process spent until now belongs to the requests already in flight.
      this.sample();
    }
    const usage: RequestUsage = { cpuMs: 0, peakMemoryBytes: this.memoryBytes, peakRssBytes: 0 };
    this.inFlight.add(usage);
    return () => {
      if (!this.inFlight.has(usage)) return usage;
      this.sample();
      this.inFlight.delete(usage);
      if (this.inFlight.size === 0) this.becomeIdle();
      return usage;
    };
  }

  /** What the process reported of its heap in use + external memory, in bytes. */
  report(memoryBytes: number): void {
    this.memoryBytes = memoryBytes;
    for (const usage of this.inFlight) usage.peakMemoryBytes = Math.max(usage.peakMemoryBytes, memoryBytes);
    const limitBytes = this.limits.memoryMb * 1024 * 1024;
    if (!this.exceeded && memoryBytes >= limitBytes) {
      this.exceed(`memory limit: ${Math.round(memoryBytes / 1024 / 1024)} MB of V8 heap and external memory, the limit is ${this.limits.memoryMb} MB`);
    }
  }

  /** Resolves once no request is in flight. */
  whenIdle(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private becomeIdle(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Runs a /proc read; false when the process is already gone (then nothing more to measure). */
  private read(fn: () => void): boolean {
    try {
      fn();
      return true;
    } catch {
      return false;
    }
  }

  private sample(): void {
    let cpu = 0;
    let rss = 0;
    let peak = 0;
    const alive = this.read(() => {
      cpu = cpuMs(this.pid);
      ({ rssBytes: rss, peakRssBytes: peak } = residentMemory(this.pid));
    });
    if (!alive) return this.becomeIdle();
    const share = (cpu - this.cpuAtLastSample) / this.inFlight.size;
    this.cpuAtLastSample = cpu;
    for (const usage of this.inFlight) {
      usage.cpuMs += share;
      usage.peakRssBytes = Math.max(usage.peakRssBytes, peak);
    }
    if (this.exceeded) return;
    const backstopMb = residentBackstopMb(this.limits.memoryMb);
    const overCpu = [...this.inFlight].find((usage) => usage.cpuMs > this.limits.cpuMsPerRequest);
    if (rss > backstopMb * 1024 * 1024) {
      this.exceed(`memory limit: ${Math.round(rss / 1024 / 1024)} MB resident, over the ${backstopMb} MB backstop (memory grown without the process reporting it)`);
    } else if (overCpu) {
      this.exceed(`CPU time limit: ${Math.round(overCpu.cpuMs)} ms for one request, over ${this.limits.cpuMsPerRequest} ms`);
    }
  }

  private exceed(why: string): void {
    this.exceeded = true;
    this.onExceeded(why);
  }
}
