// `npm run bench:load`: the whole local stack under load from a second process on loopback. This
// process hosts the stack. By default scripts/bench/load-clients.ts, started beside it, plays a
// bounded crowd of shoppers and chatting customers (closed loop), prints the figures and audits
// the database; with `-- --rate 20,40,80,120,160,80 [--step-seconds 10]`, scripts/bench/load-open.ts
// sends purchases at those fixed rates instead (open loop), step by step, and asks this process,
// over the IPC channel, what the edge runtime measured of each function call; with `-- --stripe`,
// the stack takes the payments through the Stripe double and scripts/bench/load-stripe.ts times
// payment → recorded order by Stripe's webhooks, then by the one-minute reconciliation alone.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from '../lib/paths.ts';
import { testStackRateLimits } from '../stack/auth/rate-limit-settings.ts';
import type { RequestMeasured } from '../stack/functions/service.ts';
import { startLocalStack } from '../stack/launch.ts';

const args = process.argv.slice(2);
const openLoop = args.includes('--rate');
const onStripe = args.includes('--stripe');
if (openLoop && onStripe) throw new Error('--rate and --stripe are two runs: give one');
const functionCalls: RequestMeasured[] = [];
// Its shoppers and chatters sign up and buy at once: this stack confirms sign-ups itself, as
// config.toml's enable_confirmations = false would (the confirmation mail is not what is measured).
const stack = await startLocalStack({
  persistent: false,
  siteUrl: `http://127.0.0.1:${await freePort()}`,
  autoconfirm: true,
  authRateLimits: testStackRateLimits,
  commerceProvider: onStripe ? 'stripe' : 'hostinger',
  functions: { onRequestMeasured: (measured) => void (openLoop && functionCalls.push(measured)) },
});
try {
  process.exitCode = await new Promise<number>((resolve, reject) => {
    const client = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(import.meta.dirname, onStripe ? 'load-stripe.ts' : openLoop ? 'load-open.ts' : 'load-clients.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...stack.env, LOAD_STACK_PID: String(process.pid), LOAD_PG_DATA: stack.cluster.dataDir },
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    // The open loop asks for the calls measured since it last asked, at each step's start and end.
    client.on('message', () => client.send(functionCalls.splice(0)));
    client.on('error', reject);
    client.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
} finally {
  await stack.stop();
}
