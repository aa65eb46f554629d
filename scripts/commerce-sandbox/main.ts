// Serves the commerce sandbox alone:
//   npx tsx scripts/commerce-sandbox/main.ts [--port 54330] [--host 127.0.0.1] [--data-dir .local/commerce] [--public-url URL] [--store-id ID]
// Started by the local stack as a process of its own (process.ts, ../lib/sandbox-process.ts), it
// tells its address over the IPC channel instead of printing it.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDir } from '../lib/paths.ts';
import { serveAsSandboxProcess } from '../lib/sandbox-process.ts';
import { startCommerceSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'public-url': { type: 'string' }, 'store-id': { type: 'string' } } });
const sandbox = await startCommerceSandbox({
  port: Number(values.port ?? process.env.COMMERCE_PORT ?? 54330),
  host: values.host,
  dataDir: values['data-dir'] ?? join(localDir, 'commerce'),
  publicUrl: values['public-url'],
  storeId: values['store-id'],
  // The token the shop's functions are given; by default one made at start (which only this process knows).
  apiToken: process.env.HOSTINGER_API_TOKEN || undefined,
});
serveAsSandboxProcess({ url: sandbox.url, storeId: sandbox.storeId }, `commerce sandbox: ${sandbox.url}/store/${sandbox.storeId}/products`, () => sandbox.close());
