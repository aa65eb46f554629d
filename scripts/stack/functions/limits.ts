// The limits hosted Supabase puts on edge functions, applied by the local runtime so that what
// passes here runs there. Every value below is the documented one; each comment names its page.
// The answers a crossed limit gets are the platform's:
// https://supabase.com/docs/guides/functions/status-codes (546 WORKER_LIMIT, 504 on the idle
// timeout) and https://supabase.com/docs/guides/functions/error-codes (the `sb-error-code` header).

/** Where a developer reads why their function was stopped; log lines name it. */
export const limitsPage = 'https://supabase.com/docs/guides/functions/limits';

export type Plan = 'free' | 'paid';

/** The documented values, from https://supabase.com/docs/guides/functions/limits. */
export const hostedLimits = {
  /** "Maximum Memory: 256MB" (per worker): V8 heap in use + external memory, see "How memory is counted" below. */
  memoryMb: 256,
  /** "Maximum CPU Time: 2s (Amount of actual time spent on the CPU per request - does not include async I/O.)" */
  cpuMsPerRequest: 2_000,
  /** "Request idle timeout: 150s (If an Edge Function doesn't send a response before the timeout, 504 Gateway Timeout will be returned)" */
  requestIdleTimeoutMs: 150_000,
  /** "Maximum Duration (Wall clock limit)": how long a worker stays active. "Free plan: 150s", "Paid plans: 400s". */
  wallClockMs: { free: 150_000, paid: 400_000 } satisfies Record<Plan, number>,
  /**
   * "Maximum Function Size: 20MB (After bundling using CLI)". Not checked locally: `deno info`
   * gives module sizes, not what the CLI's bundle keeps of npm packages (supabase/functions/README.md).
   */
  functionSizeBytes: 20 * 1024 * 1024,
  /** "Outgoing connections to ports 25 and 587 are not allowed." */
  blockedPorts: [25, 587],
  /** Secrets: "Names must NOT start with the prefix SUPABASE_ (this prefix is reserved)." */
  reservedSecretPrefix: 'SUPABASE_',
} as const;

/*
 * How memory is counted. The hosted edge runtime (github.com/supabase/edge-runtime,
 * crates/base/src/runtime/mod.rs: `MemCheck::check`, called from the user worker's event-loop
 * poll, which a timer wakes every EDGE_RUNTIME_ALLOC_CHECK_INT ms, 1000 by default, and from a V8
 * GC prologue callback) adds up the isolate's V8 heap in use (`used_heap_size`) and its external
 * memory (`external_memory`: ArrayBuffers and other off-heap data V8 is told about), V8's own
 * malloced memory only behind a flag that is off by default, and cancels the worker once the total
 * reaches the limit. It does not count the process's resident memory: neither the runtime's own
 * code and threads, nor WebAssembly memory, nor what the allocator keeps of freed buffers. The same
 * file creates the isolate with its V8 heap capped at the limit (`heap_limits`), and
 * ext/runtime/external_memory.rs gives it an ArrayBuffer allocator that refuses a buffer which
 * would take the live buffers past the limit (the function then gets a RangeError).
 *
 * Locally (bootstrap.ts, watchdog.ts, worker.ts) the same total is taken inside the function's
 * Deno process with `Deno.memoryUsage()` (heapUsed + external: the same two V8 statistics) every
 * 50 ms while the event loop turns and as each request starts and as its handler returns, and
 * reported to the Node side, which ends the worker with the platform's 546 WORKER_LIMIT once a
 * report reaches the limit. The V8 heap is capped at the limit too (`--max-old-space-size`).
 * Faithful: what is counted, the limit, the answer; an idle worker counts as on the platform;
 * resident memory outside the two statistics (WebAssembly memory, the runtime, freed buffers the
 * allocator keeps) is not counted, as there. Not faithful:
 * - When: reports come only when the event loop turns. The platform also checks at every GC, so
 *   it sees a peak inside a long synchronous step even if the step frees it before it yields;
 *   locally such a peak can go unseen (garbage not yet collected is still seen, on both).
 *   Between steps the local checks come more often (50 ms, not 1 s).
 * - A synchronous burst that never yields: a heap burst stops at V8's heap cap on both (locally
 *   after V8's last-resort collections). A burst of buffers gets, on the platform, a RangeError at
 *   the limit from its allocator; locally nothing refuses the buffer (Deno's allocator cannot be
 *   replaced from a script), so the Node side reads the process's resident memory from /proc and
 *   ends the worker (546) once it passes `residentBackstopMb`, well above the limit so that the
 *   runtime itself and freed buffers the allocator keeps never trip it. A burst of buffers between
 *   the limit and the backstop that is dropped before the function yields passes locally.
 */

/**
 * The resident memory past which the worker is ended whatever it reports: twice the limit. A
 * function under the limit stays below it: Deno's own base is 30 to 90 MB, and a worker stamping
 * PDFs has been seen up to 160 MB more resident than its heap and external memory.
 */
export const residentBackstopMb = (memoryMb: number) => 2 * memoryMb;

/** What one runtime applies: the documented values for a plan, some shortened in tests. */
export interface RuntimeLimits {
  memoryMb: number;
  cpuMsPerRequest: number;
  requestIdleTimeoutMs: number;
  wallClockMs: number;
  /**
   * "Serving of HTML content is only supported with custom domains (Otherwise GET requests that
   * return text/html will be rewritten to text/plain)." Off by default, as for a new project.
   */
  customDomain: boolean;
}

/** The free plan by default: the stricter wall clock, so what passes locally passes on both. */
export function limitsFor(plan: Plan = 'free', overrides: Partial<RuntimeLimits> = {}): RuntimeLimits {
  return {
    memoryMb: hostedLimits.memoryMb,
    cpuMsPerRequest: hostedLimits.cpuMsPerRequest,
    requestIdleTimeoutMs: hostedLimits.requestIdleTimeoutMs,
    wallClockMs: hostedLimits.wallClockMs[plan],
    customDomain: false,
    ...overrides,
  };
}
