// Serves the commerce sandbox alone:
//   npx tsx scripts/commerce-sandbox/main.ts [--port 54330] [--host 127.0.0.1] [--data-dir .local/commerce] [--public-url URL] [--store-id ID]
// Started by the local stack as a process of its own (process.ts), it tells its address over the
// IPC channel instead of printing it, leaves Ctrl-C to the stack (which stops it after the services
// that call it), and ends when the channel closes: a stack that dies takes it along.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDir } from '../lib/paths.ts';
import { startCommerceSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'public-url': { type: 'string' }, 'store-id': { type: 'string' } } });
const sandbox = await startCommerceSandbox({
  port: Number(values.port ?? process.env.COMMERCE_PORT ?? 54330),
  host: values.host,
  dataDir: values['data-dir'] ?? join(localDir, 'commerce'),
  publicUrl: values['public-url'],
  storeId: values['store-id'],
});
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
if (process.send) {
  process.on('SIGINT', () => undefined);
  process.on('disconnect', stop);
  process.send({ url: sandbox.url, storeId: sandbox.storeId });
} else {
  console.log(`commerce sandbox: ${sandbox.url}/store/${sandbox.storeId}/products`);
  process.on('SIGINT', stop);
}
