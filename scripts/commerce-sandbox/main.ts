// Serves the commerce sandbox alone:
//   npx tsx scripts/commerce-sandbox/main.ts [--port 54330] [--host 127.0.0.1] [--data-dir .local/commerce] [--public-url URL]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDir } from '../lib/paths.ts';
import { startCommerceSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'public-url': { type: 'string' } } });
const sandbox = await startCommerceSandbox({
  port: Number(values.port ?? process.env.COMMERCE_PORT ?? 54330),
  host: values.host,
  dataDir: values['data-dir'] ?? join(localDir, 'commerce'),
  publicUrl: values['public-url'],
});
console.log(`commerce sandbox: ${sandbox.url}/store/${sandbox.storeId}/products`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
