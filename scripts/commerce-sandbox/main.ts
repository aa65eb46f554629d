// Serves the commerce sandbox alone: npx tsx scripts/commerce-sandbox/main.ts [--port 54330]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDir } from '../lib/paths.ts';
import { startCommerceSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'data-dir': { type: 'string' } } });
const sandbox = await startCommerceSandbox({
  port: Number(values.port ?? process.env.COMMERCE_PORT ?? 54330),
  dataDir: values['data-dir'] ?? join(localDir, 'commerce'),
});
console.log(`commerce sandbox: ${sandbox.url}/store/${sandbox.storeId}/products`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
