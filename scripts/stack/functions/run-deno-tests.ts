// Runs the edge functions' Deno tests (supabase/functions/tests) by hand: against the stack the
// environment names (as `npm test` sets it), or else against a throwaway local stack started here.
// Usage: npx tsx scripts/stack/functions/run-deno-tests.ts [extra deno test arguments]
import { functionTestPermissions } from '../../lib/deno.ts';
import { repoRoot } from '../../lib/paths.ts';
import { runCommand } from '../../lib/processes.ts';
import { testStackRateLimits } from '../auth/rate-limit-settings.ts';
import { startLocalStack } from '../launch.ts';
import { denoBinary } from './worker.ts';

const stack = process.env.SUPABASE_URL ? undefined : await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173', authRateLimits: testStackRateLimits, stripe: true });
let code = 1;
try {
  code = await runCommand(denoBinary, ['test', ...functionTestPermissions, ...process.argv.slice(2), 'supabase/functions/tests/'], {
    cwd: repoRoot,
    env: { ...process.env, ...stack?.env },
  });
} finally {
  await stack?.stop();
}
process.exit(code);
