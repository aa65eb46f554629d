// Runs the edge functions' Deno tests (supabase/functions/tests) by hand: against the stack the
// environment names (as `npm test` sets it), or else against a throwaway local stack started here.
// The tests of `on-stripe/` need the functions to take their payments through Stripe: on a stack
// started here, they run after the others, the functions switched to Stripe; on a named stack,
// those of the provider its COMMERCE_PROVIDER names run.
// Usage: npx tsx scripts/stack/functions/run-deno-tests.ts [extra deno test arguments]
import { functionTestPermissions } from '../../lib/deno.ts';
import { repoRoot } from '../../lib/paths.ts';
import { runCommand } from '../../lib/processes.ts';
import { testStackRateLimits } from '../auth/rate-limit-settings.ts';
import { startLocalStack } from '../launch.ts';
import { denoBinary } from './worker.ts';

const onStripe = 'supabase/functions/tests/on-stripe/';
const stack = process.env.SUPABASE_URL ? undefined : await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173', authRateLimits: testStackRateLimits, stripe: true });
const denoTest = (files: string[]) =>
  runCommand(denoBinary, ['test', ...functionTestPermissions, ...process.argv.slice(2), ...files], { cwd: repoRoot, env: { ...process.env, ...stack?.env } });
let code = 1;
try {
  if (!stack) {
    code = await denoTest(process.env.COMMERCE_PROVIDER === 'stripe' ? [onStripe] : [`--ignore=${onStripe}`, 'supabase/functions/tests/']);
  } else {
    code = await denoTest([`--ignore=${onStripe}`, 'supabase/functions/tests/']);
    await stack.setCommerceProvider('stripe');
    code = Math.max(code, await denoTest([onStripe]));
  }
} finally {
  await stack?.stop();
}
process.exit(code);
