// `npm run bench:load`: the whole local stack under a bounded load from a second process on
// loopback. This process hosts the stack; scripts/bench/load-clients.ts, started beside it,
// plays the shoppers and the chatting customers, prints the figures and audits the database.
import { join } from 'node:path';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from '../lib/paths.ts';
import { runCommand } from '../lib/processes.ts';
import { testStackRateLimits } from '../stack/auth/rate-limit-settings.ts';
import { startLocalStack } from '../stack/launch.ts';

// Its shoppers and chatters sign up and buy at once: this stack confirms sign-ups itself, as
// config.toml's enable_confirmations = false would (the confirmation mail is not what is measured).
const stack = await startLocalStack({ persistent: false, siteUrl: `http://127.0.0.1:${await freePort()}`, autoconfirm: true, authRateLimits: testStackRateLimits });
try {
  process.exitCode = await runCommand(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(import.meta.dirname, 'load-clients.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...stack.env },
    stdio: 'inherit',
  });
} finally {
  await stack.stop();
}
