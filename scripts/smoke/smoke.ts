// `npm run smoke -- --url https://shop.example`: checks a live deployment from outside, as a
// visitor's browser and an attacker would meet it. The Supabase URL, publishable key, commerce
// service and store are read from the deployed app's own configuration (its start-up script)
// unless given (--supabase-url, --publishable-key, --commerce-url, --store-id); a build on the shop's
// own catalogue (VITE_CATALOGUE_SOURCE=shop) is checked to read it through Supabase alone. With the
// schedule's secret (RECONCILE_CHECKOUTS_SECRET in the environment, as the operator set it), it
// also checks that the functions reach the provider that takes the payments with their
// credential, running the reconciliation once as the schedule does (provider-check.ts). With
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, Stripe's webhook endpoint and stripe-webhook's
// signing secret (stripe-check.ts). Prints one line per check, a line for each check not made,
// and a verdict; exits non-zero when any check fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../lib/paths.ts';
import { checkReconciliation, providerOfEnvironment, reachCheckName } from './provider-check.ts';
import { stripeChecks, stripeSettingsFromEnv } from './stripe-check.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'supabase-url': { type: 'string' },
    'publishable-key': { type: 'string' },
    'commerce-url': { type: 'string' },
    'store-id': { type: 'string' },
  },
});
if (!values.url) {
  console.error('Usage: npm run smoke -- --url https://shop.example [--supabase-url …] [--publishable-key …] [--commerce-url …] [--store-id …]');
  process.exit(2);
}
const site = new URL(values.url).origin;
const results: Array<{ name: string; ok: boolean; detail: string }> = [];
/** What was not checked, and why: printed, never counted as passed. */
const notes: string[] = [];

function check(name: string, problems: string[], detail = ''): boolean {
  results.push({ name, ok: problems.length === 0, detail: problems.length > 0 ? problems.join('; ') : detail });
  return problems.length === 0;
}

async function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(15_000), ...init });
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What every page of the shop must carry (web/hosting/site-policy.ts). */
function securityProblems(response: Response): string[] {
  const problems: string[] = [];
  const header = (name: string) => response.headers.get(name);
  const csp = header('content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy');
  else {
    const policy = directives(csp);
    const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
    if (scripts.length === 0) problems.push('CSP without script-src');
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) if (scripts.includes(unsafe)) problems.push(`CSP script-src allows ${unsafe}`);
    if (policy.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("CSP frame-ancestors is not 'none'");
    if (policy.get('object-src')?.join(' ') !== "'none'") problems.push("CSP object-src is not 'none'");
    if (policy.get('base-uri')?.join(' ') !== "'self'") problems.push("CSP base-uri is not 'self'");
  }
  const hsts = /max-age=(\d+)/.exec(header('strict-transport-security') ?? '');
  if (!hsts || Number(hsts[1]) < 31_536_000) problems.push('Strict-Transport-Security missing or under a year');
  if (header('x-content-type-options')?.toLowerCase() !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  if (!header('referrer-policy')) problems.push('no Referrer-Policy');
  if (!/^(deny|sameorigin)$/i.test(header('x-frame-options') ?? '')) problems.push('X-Frame-Options is not DENY');
  if (!header('permissions-policy')) problems.push('no Permissions-Policy');
  return problems;
}

function cacheProblems(response: Response, expected: 'immutable' | 'no-cache'): string[] {
  const value = response.headers.get('cache-control') ?? '';
  const ok = expected === 'immutable' ? /max-age=31536000/.test(value) && /immutable/.test(value) : /no-cache|max-age=0/.test(value);
  return ok ? [] : [`Cache-Control "${value}" where ${expected} is expected`];
}

/** The build's configuration as Vite inlined it into the app's start-up chunks. */
async function deployedConfig(html: string): Promise<Record<string, string>> {
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const found: Record<string, string> = {};
  for (const path of scripts) {
    const text = await (await get(`${site}${path}`)).text();
    for (const match of text.matchAll(/(VITE_[A-Z_]+):\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`)/g)) found[match[1]!] ??= match[2] ?? match[3] ?? match[4]!;
  }
  return found;
}

/** Functions that need a signed-in caller or the project's own credential (their index.ts says). */
function guardedFunctions(): string[] {
  const folder = join(repoRoot, 'supabase/functions');
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && entry.name !== 'tests')
    .filter((entry) => /require(User|ProjectCaller)\(/.test(readFileSync(join(folder, entry.name, 'index.ts'), 'utf8')))
    .map((entry) => entry.name)
    .sort();
}

async function main(): Promise<void> {
  const home = await get(`${site}/`);
  const html = await home.text();
  check('/ serves the app with the security headers', [
    ...(home.status === 200 && /<div id="root"( inert)?>/.test(html) ? [] : [`status ${home.status}, not the app's index.html`]),
    ...securityProblems(home),
    ...cacheProblems(home, 'no-cache'),
  ]);

  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const assetResponse = asset ? await get(`${site}${asset}`) : undefined;
  check(
    'hashed assets are cached for a year',
    !assetResponse
      ? ['no /assets/ script in index.html']
      : [...(assetResponse.ok ? [] : [`${asset}: status ${assetResponse.status}`]), ...cacheProblems(assetResponse, 'immutable'), ...securityProblems(assetResponse)],
    asset,
  );

  for (const path of ['/sw.js', '/manifest.webmanifest']) {
    const response = await get(`${site}${path}`);
    check(`${path} is revalidated at each load`, [...(response.ok ? [] : [`status ${response.status}`]), ...cacheProblems(response, 'no-cache')]);
  }

  const config = await deployedConfig(html);
  const supabaseUrl = values['supabase-url'] ?? config.VITE_SUPABASE_URL;
  const publishableKey = values['publishable-key'] ?? config.VITE_SUPABASE_PUBLISHABLE_KEY;
  const commerceUrl = values['commerce-url'] ?? config.VITE_COMMERCE_API_URL;
  const storeId = values['store-id'] ?? config.VITE_COMMERCE_STORE_ID;
  // The shop's own catalogue is read through the Supabase API: the commerce service is not needed, nor to be reached.
  const shopCatalogue = config.VITE_CATALOGUE_SOURCE === 'shop';
  const needed = shopCatalogue ? { supabaseUrl, publishableKey } : { supabaseUrl, publishableKey, commerceUrl, storeId };
  const missing = Object.entries(needed).filter(([, value]) => !value);
  const names = shopCatalogue ? 'its Supabase project (the catalogue its own)' : 'its Supabase project and commerce service';
  if (!check(`the app names ${names}`, missing.map(([name]) => `${name} not found in the page (give it as an option)`), supabaseUrl)) return;

  const connect = directives(home.headers.get('content-security-policy') ?? '').get('connect-src') ?? [];
  const realtime = new URL(supabaseUrl!);
  realtime.protocol = realtime.protocol === 'https:' ? 'wss:' : 'ws:';
  const commerceOrigin = commerceUrl ? new URL(commerceUrl).origin : undefined;
  check(
    "the CSP lets the app reach its own services, and them only",
    [
      ...[new URL(supabaseUrl!).origin, realtime.origin, ...(shopCatalogue ? [] : [commerceOrigin!])].filter((origin) => !connect.includes(origin)).map((origin) => `connect-src lacks ${origin}`),
      ...(shopCatalogue && commerceOrigin && connect.includes(commerceOrigin) ? [`connect-src names the commerce service (${commerceOrigin}), which a shop on its own catalogue never reaches`] : []),
    ],
  );

  let products: Array<{ id: string }> = [];
  const catalogueUrl = shopCatalogue ? `${supabaseUrl}/rest/v1/rpc/storefront_products` : `${commerceUrl}/store/${storeId}/products`;
  try {
    const catalogue = shopCatalogue
      ? await get(catalogueUrl, { method: 'POST', headers: { apikey: publishableKey!, 'Content-Type': 'application/json', Accept: 'application/json', Origin: site }, body: '{}' })
      : await get(catalogueUrl, { headers: { Accept: 'application/json', Origin: site } });
    products = catalogue.ok ? (((await catalogue.json()) as { products?: Array<{ id: string }> }).products ?? []) : [];
    const allowed = catalogue.headers.get('access-control-allow-origin');
    check(
      'the catalogue loads from the page',
      [
        ...(catalogue.ok ? [] : [`status ${catalogue.status}`]),
        ...(products.length > 0 ? [] : ['no product']),
        ...(allowed === '*' || allowed === site ? [] : [`CORS allows ${allowed ?? 'no origin'}, not ${site}`]),
      ],
      `${products.length} products${shopCatalogue ? ', the shop\'s own' : ''}`,
    );
  } catch (error) {
    check('the catalogue loads from the page', [`${catalogueUrl}: ${(error as Error).message}`]);
  }

  const deepPath = `/product/${encodeURIComponent(products[0]?.id ?? 'prod_inconnu')}`;
  const deep = await get(`${site}${deepPath}`);
  const deepHtml = await deep.text();
  check(
    'a deep link is answered by the app',
    [...(deep.status === 200 && /<div id="root"( inert)?>/.test(deepHtml) ? [] : [`${deepPath}: status ${deep.status}, not the app`]), ...securityProblems(deep), ...cacheProblems(deep, 'no-cache')],
    deepPath,
  );

  const orders = await get(`${supabaseUrl}/rest/v1/orders?select=id&limit=1`, { headers: { apikey: publishableKey!, Authorization: `Bearer ${publishableKey}` } });
  const rows = orders.ok ? ((await orders.json()) as unknown[]) : [];
  check('anon cannot read orders', orders.ok && rows.length > 0 ? [`${rows.length} order row(s) readable without signing in`] : orders.ok || [401, 403].includes(orders.status) ? [] : [`unexpected status ${orders.status}`], `status ${orders.status}`);

  // Without a session, and without the key as bearer (set-admin-role, by design, takes the
  // publishable key as a credential). reconcile-checkouts reads its scope before its caller.
  const bodies: Record<string, unknown> = { 'reconcile-checkouts': { scope: 'mine' } };
  for (const name of guardedFunctions()) {
    const response = await get(`${supabaseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: publishableKey!, 'Content-Type': 'application/json' },
      body: JSON.stringify(bodies[name] ?? {}),
    });
    check(`function ${name} answers 401 without a session`, response.status === 401 ? [] : [`status ${response.status}`]);
  }

  const stripe = await stripeChecks(stripeSettingsFromEnv(process.env, supabaseUrl!));
  for (const outcome of stripe.checks) check(outcome.name, outcome.problems, outcome.detail);
  notes.push(...stripe.notes);

  const provider = providerOfEnvironment(process.env);
  const jobSecret = process.env.RECONCILE_CHECKOUTS_SECRET;
  if (!jobSecret) {
    notes.push(`not checked whether ${reachCheckName(provider)}: set RECONCILE_CHECKOUTS_SECRET to the schedule's secret`);
    return;
  }
  const reconciled = await checkReconciliation(supabaseUrl!, publishableKey!, jobSecret, provider);
  check(reconciled.name, reconciled.problems);
}

try {
  await main();
} catch (error) {
  check('the deployment answers', [(error as Error).message]);
}
for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name}${r.detail ? ` (${r.detail})` : ''}`);
for (const note of notes) console.log(`– ${note}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`\nsmoke ${site}: ${failed === 0 ? 'the deployment looks right' : 'NOT READY'}`);
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
