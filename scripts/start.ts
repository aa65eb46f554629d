// `npm start`: the whole shop on this machine, persistent (its state in .local/, the database
// where cluster-home.ts says), on the ports of `supabase start`. Ctrl-C stops everything.
// SHOP_STATE_DIR and SHOP_{API,DB,COMMERCE,MAIL,STRIPE,WEB}_PORT run a second shop beside the first.
// COMMERCE_PROVIDER=stripe takes the payments through the Stripe double instead of Hostinger's;
// CATALOGUE_SOURCE=shop runs the shop on its own catalogue (filled with the double's products while empty).
import { join } from 'node:path';
import { stopClustersNow } from './db/cluster.ts';
import { handleInterrupts } from './lib/interrupts.ts';
import { done, step } from './lib/log.ts';
import { localDir } from './lib/paths.ts';
import { killWebServers, serveWebApp, type WebServer } from './lib/web-app.ts';
import { demoAdmin, demoCustomer } from './stack/demo-accounts.ts';
import { ensureDemoPurchase } from './stack/demo-purchase.ts';
import { catalogueSourceOf, commerceProviderOf, defaultPorts, startLocalStack, type LocalStack } from './stack/launch.ts';

function portSetting(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number, not "${value}".`);
  return port;
}

const ports = {
  api: portSetting('SHOP_API_PORT', defaultPorts.api),
  db: portSetting('SHOP_DB_PORT', defaultPorts.db),
  commerce: portSetting('SHOP_COMMERCE_PORT', defaultPorts.commerce),
  mail: portSetting('SHOP_MAIL_PORT', defaultPorts.mail),
  stripe: portSetting('SHOP_STRIPE_PORT', defaultPorts.stripe),
  web: portSetting('SHOP_WEB_PORT', defaultPorts.web),
};
const stateDir = process.env.SHOP_STATE_DIR || localDir;
const siteUrl = `http://127.0.0.1:${ports.web}`;
// The dashboard's legacy API keys switch: off, as on a project created today, unless asked.
const legacyKeys = process.env.SHOP_LEGACY_KEYS === 'on';
const commerceProvider = commerceProviderOf(process.env.COMMERCE_PROVIDER);
const catalogueSource = catalogueSourceOf(process.env.CATALOGUE_SOURCE);
const demoAccounts = [
  { role: 'administrator', ...demoAdmin },
  { role: 'customer', ...demoCustomer },
];

let stack: LocalStack | undefined;
let web: WebServer | undefined;

async function start(): Promise<void> {
  stack = await startLocalStack({ persistent: true, stateDir, siteUrl, ports, legacyKeys, commerceProvider, catalogueSource });
  const demoOrder = await ensureDemoPurchase({ apiUrl: stack.apiUrl, anonKey: stack.publishableKey, siteUrl, customer: demoCustomer, commerceProvider });
  const demoPurchaseSteps: Record<string, string> = {
    'in-place': 'demo purchase: in place',
    'signed-out': 'demo purchase: skipped, the demo customer no longer signs in (account erased or password changed)',
  };
  step(demoPurchaseSteps[demoOrder] ?? `demo purchase: the demo customer owns a teaching, a meditation and a ritual (order ${demoOrder})`);
  step('web app (Vite dev server)');
  web = await serveWebApp({
    mode: 'dev',
    port: ports.web,
    env: {
      VITE_SUPABASE_URL: stack.apiUrl,
      VITE_SUPABASE_PUBLISHABLE_KEY: stack.publishableKey,
      ...(stack.commerceUrl && { VITE_COMMERCE_API_URL: stack.commerceUrl, VITE_COMMERCE_STORE_ID: stack.storeId }),
      VITE_ADMIN_EMAIL: demoAdmin.email,
      ...(catalogueSource === 'shop' && { VITE_CATALOGUE_SOURCE: catalogueSource }),
    },
  });
}

let stopping: Promise<void> | undefined;
function stop(): Promise<void> {
  stopping ??= (async () => {
    step('stopping');
    await web?.stop();
    await stack?.stop();
    done('stopped');
  })();
  return stopping;
}

// A Ctrl-C during start-up waits for the part being started, then stops all of it.
const starting = start();
handleInterrupts({
  async graceful() {
    await starting.catch(() => undefined);
    await stop();
  },
  async force() {
    // Vite too while it starts, before `web` is set.
    killWebServers();
    await stopClustersNow();
  },
});

try {
  await starting;
  const live = stack!;
  const lines = [
    '',
    'The shop is running. Ctrl-C stops it.',
    '',
    `  Web app             ${siteUrl}`,
    `  Supabase API        ${live.apiUrl}   (auth, rest, realtime, functions)`,
    `  Database            ${live.dbUrl}`,
    `  Database files      ${live.cluster.dataDir}`,
    live.commerceUrl
      ? `  Commerce sandbox    ${live.commerceUrl}/store/${live.storeId}/products`
      : `  Commerce sandbox    none: the shop runs alone, on its own catalogue with Stripe's payments`,
    ...(catalogueSource === 'shop'
      ? [
          `  Catalogue           the shop's own tables (CATALOGUE_SOURCE=shop): ${live.apiUrl}/rest/v1/rpc/storefront_products`,
          // The build hook (docs/crawlers.md) has nothing to rebuild here: no pre-rendered page is served.
          `  Pre-rendered pages  none: the dev server renders each page as it is asked, from the catalogue of the moment`,
        ]
      : []),
    `  Sign-up mail outbox ${live.apiUrl}/auth/v1/outbox`,
    `  Shop mail outbox    ${live.mailUrl}/   (mail sandbox: Resend's API at /emails)`,
    ...(live.stripeUrl ? [`  Stripe double       ${live.stripeUrl}/v1   (payments: COMMERCE_PROVIDER=stripe)`] : []),
    '',
    `  Publishable key     ${live.publishableKey}`,
    `  Secret key          ${live.secretKey}   (never in a browser: refused there)`,
    `  JWKS                ${live.apiUrl}/auth/v1/.well-known/jwks.json   (${live.signingKey.alg} key ${live.signingKey.kid}, in ${join(stateDir, 'signing_keys.json')})`,
    `  Legacy keys         ${legacyKeys ? 'on (SHOP_LEGACY_KEYS=on): the JWT keys below and HS256 tokens are accepted' : 'off: the JWT keys below and HS256 tokens are refused (SHOP_LEGACY_KEYS=on accepts them)'}`,
    `  anon key            ${live.anonKey}`,
    `  service_role key    ${live.serviceRoleKey}`,
    '',
    '  Demo accounts:',
    ...demoAccounts.map((a) => `    ${a.role.padEnd(14)} ${a.email} / ${a.password}`),
    '',
  ];
  console.log(lines.join('\n'));
} catch (error) {
  console.error(`\nThe shop could not start: ${(error as Error).message}\n`);
  await stop();
  process.exit(1);
}
