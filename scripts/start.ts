// `npm start`: the whole shop on this machine, persistent under .local/, on the ports of
// `supabase start`. Ctrl-C stops everything cleanly.
import { defaultPorts, startLocalStack, type LocalStack } from './stack/launch.ts';
import { done, step } from './lib/log.ts';
import { serveWebApp } from './lib/web-app.ts';

const siteUrl = `http://127.0.0.1:${defaultPorts.web}`;
const demoAccounts = [
  { role: 'administrator', email: 'admin@lumiere-sacree.test', password: 'admin-demo-2026' },
  { role: 'customer', email: 'client@lumiere-sacree.test', password: 'client-demo-2026' },
];

let stack: LocalStack | undefined;
let web: { stop(): Promise<void> } | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    step('stopping');
    await web?.stop();
    await stack?.stop();
    done('stopped');
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startLocalStack({ persistent: true, siteUrl });
  step('web app (Vite dev server)');
  web = await serveWebApp({
    mode: 'dev',
    port: defaultPorts.web,
    env: {
      VITE_SUPABASE_URL: stack.apiUrl,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
      VITE_COMMERCE_API_URL: stack.commerceUrl,
      VITE_COMMERCE_STORE_ID: stack.storeId,
      VITE_ADMIN_EMAIL: demoAccounts[0]!.email,
    },
  });
  const lines = [
    '',
    'The shop is running. Ctrl-C stops it.',
    '',
    `  Web app             ${siteUrl}`,
    `  Supabase API        ${stack.apiUrl}   (auth, rest, realtime, functions)`,
    `  Database            ${stack.dbUrl}`,
    `  Commerce sandbox    ${stack.commerceUrl}/store/${stack.storeId}/products`,
    `  Sign-up mail outbox ${stack.apiUrl}/auth/v1/outbox`,
    `  Shop mail outbox    ${stack.mailUrl}/   (mail sandbox: Resend's API at /emails)`,
    '',
    `  anon key            ${stack.anonKey}`,
    `  service_role key    ${stack.serviceRoleKey}`,
    '',
    '  Demo accounts:',
    ...demoAccounts.map((a) => `    ${a.role.padEnd(14)} ${a.email} / ${a.password}`),
    '',
  ];
  console.log(lines.join('\n'));
} catch (error) {
  console.error(`\nThe shop could not start: ${(error as Error).message}\n`);
  await shutdown(1);
}
