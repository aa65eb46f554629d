// Serves the mail sandbox alone:
//   npx tsx scripts/mail-sandbox/main.ts [--port 54331] [--host 127.0.0.1] [--data-dir .local/mail] [--api-key KEY]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDir } from '../lib/paths.ts';
import { newLocalApiKey, startMailSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'api-key': { type: 'string' } } });
const sandbox = await startMailSandbox({
  port: Number(values.port ?? process.env.MAIL_PORT ?? 54331),
  host: values.host,
  dataDir: values['data-dir'] ?? join(localDir, 'mail'),
  apiKey: values['api-key'] ?? newLocalApiKey(),
});
console.log(`mail sandbox: ${sandbox.url}/emails (key ${sandbox.apiKey}); outbox ${sandbox.url}/`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
