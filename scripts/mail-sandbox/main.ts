// Serves the mail sandbox alone:
//   npx tsx scripts/mail-sandbox/main.ts [--port 54331] [--host 127.0.0.1] [--data-dir .local/mail]
// with the API key from MAIL_API_KEY, else a fresh one. Started by the local stack as a process of
// its own (process.ts, ../lib/sandbox-process.ts), it tells its address over the IPC channel.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDir } from '../lib/paths.ts';
import { serveAsSandboxProcess } from '../lib/sandbox-process.ts';
import { newLocalApiKey, startMailSandbox } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' } } });
const sandbox = await startMailSandbox({
  port: Number(values.port ?? process.env.MAIL_PORT ?? 54331),
  host: values.host,
  dataDir: values['data-dir'] ?? join(localDir, 'mail'),
  apiKey: process.env.MAIL_API_KEY || newLocalApiKey(),
});
serveAsSandboxProcess({ url: sandbox.url }, `mail sandbox: ${sandbox.url}/emails (key ${sandbox.apiKey}); outbox ${sandbox.url}/`, () => sandbox.close());
