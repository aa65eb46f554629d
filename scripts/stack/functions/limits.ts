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
  /** "Maximum Memory: 256MB" (per worker). */
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
