// The browser journeys' stacks as `npm test` hands them to Vitest: one stack (with its own build
// served by Apache) per worker, so that two journey files run at once without ever meeting on a
// stack. Vitest runs as many files at once as there are stacks (vitest.config.ts), and each file
// takes the stack of the worker it runs in (tests/e2e/support/worker-stack.ts).

/** The environment variable holding the stacks: a JSON array of each one's environment. */
export const journeyStacksVariable = 'SHOP_JOURNEY_STACKS';

/** Each stack's environment (SUPABASE_URL, WEB_URL…), in the workers' order; none outside `npm test`. */
export function journeyStacks(env: NodeJS.ProcessEnv = process.env): Array<Record<string, string>> {
  const json = env[journeyStacksVariable];
  return json ? (JSON.parse(json) as Array<Record<string, string>>) : [];
}
