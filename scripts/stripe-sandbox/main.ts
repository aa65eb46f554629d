// Serves the Stripe sandbox alone:
//   npx tsx scripts/stripe-sandbox/main.ts [--port 54332] [--host 127.0.0.1] [--public-url URL] [--retry-delays 500,1000,2000]
// with the secret key from STRIPE_SECRET_KEY, else a fresh one. Started by the local stack as a
// process of its own (process.ts, ../lib/sandbox-process.ts), it tells its address over the IPC channel.
import { parseArgs } from 'node:util';
import { serveAsSandboxProcess } from '../lib/sandbox-process.ts';
import { newLocalSecretKey } from './ids.ts';
import { startStripeSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'public-url': { type: 'string' }, 'retry-delays': { type: 'string' } } });
const retryDelays = values['retry-delays']?.split(',').filter(Boolean).map(Number);
if (retryDelays?.some((delay) => !Number.isInteger(delay) || delay < 0)) throw new Error(`--retry-delays takes milliseconds, comma-separated: ${values['retry-delays']}`);
const sandbox = await startStripeSandbox({
  port: Number(values.port ?? process.env.STRIPE_PORT ?? 54332),
  host: values.host,
  publicUrl: values['public-url'],
  secretKey: process.env.STRIPE_SECRET_KEY || newLocalSecretKey(),
  // An empty list makes one attempt only.
  retryDelaysMs: retryDelays,
});
serveAsSandboxProcess({ url: sandbox.url }, `stripe sandbox: ${sandbox.url}/v1 (key ${sandbox.secretKey})`, () => sandbox.close());
