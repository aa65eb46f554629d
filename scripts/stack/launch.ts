// Brings up the whole local backend: the cluster, the platform bootstrap, the migrations, the
// commerce and mail sandboxes (each in a process of its own, started beside the cluster), the
// Stripe double when asked (stripe.ts: its process, the webhook endpoint registered there), the
// seed, the gateway with auth, REST, realtime, storage and the edge functions, and pg_net's
// worker with the Vault secrets scheduled jobs call them with. On the shop's own catalogue when
// asked: the functions price from its tables, filled with the double's products while empty.
// `npm start` runs it persistently on the fixed ports; tests run it throwaway on free ports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCaptchaSandbox } from '../captcha-sandbox/server.ts';
import { startCommerceSandboxProcess } from '../commerce-sandbox/process.ts';
import { persistentDataDir } from '../db/cluster-home.ts';
import { startCluster, type Cluster } from '../db/cluster.ts';
import { preparedCluster } from '../db/cluster-template.ts';
import { applyBootstrap, applyMigrations } from '../db/migrate.ts';
import { freePort } from '../lib/free-port.ts';
import { step } from '../lib/log.ts';
import { localDir } from '../lib/paths.ts';
import { startMailSandboxProcess } from '../mail-sandbox/process.ts';
import { newLocalApiKey } from '../mail-sandbox/server.ts';
import { readAuthMailSettings } from './auth/mail-settings.ts';
import type { AuthRateLimits } from './auth/rate-limit-settings.ts';
import { authService } from './auth/service.ts';
import { readFunctionSecrets } from './functions/secrets.ts';
import { loadDemoCatalogue } from './demo-catalogue.ts';
import { nodeClient } from '../lib/supabase-client.ts';
import { uploadSampleDeliverables } from './sample-deliverables.ts';
import { functionsService, type FunctionsServiceOptions } from './functions/service.ts';
import { startGateway, type Gateway, type GatewayOptions } from './gateway.ts';
import { startPgNetWorker } from './pg-net/worker.ts';
import { registerWebhook, startStripeDouble } from './stripe.ts';
import { newProjectKeys, persistentProjectKeys, type ProjectKeys } from './project-keys.ts';
import { createRealtimeService } from './realtime/service.ts';
import { createRestService } from './rest/service.ts';
import { createStorageService } from './storage/service.ts';
import { newJobSecret, storeVaultSecrets } from './vault-secrets.ts';

export const defaultPorts = { api: 54321, db: 54322, commerce: 54330, mail: 54331, stripe: 54332, web: 5173 };
export const commerceStoreId = 'store_lumiere_sacree';

export interface LocalStackOptions {
  /** Persistent: the development stack, its state kept in `stateDir`, on the fixed ports. Else throwaway. */
  persistent: boolean;
  /** Where a persistent stack keeps its state; defaults to the clone's .local/. */
  stateDir?: string;
  /** The web app's origin (GoTrue's SITE_URL; checkout return URLs must be on it). */
  siteUrl: string;
  /** A throwaway stack's keys, when they must be known before it starts (a web build beside it). */
  keys?: ProjectKeys;
  /** Sign-ups confirmed at once; by default the opposite of config.toml's `enable_confirmations`. */
  autoconfirm?: boolean;
  /** The auth service's limits; defaults to `[auth.rate_limit]` of supabase/config.toml. */
  authRateLimits?: AuthRateLimits;
  /** Seconds between two mails of one kind to one address; by default config.toml's `max_frequency`. */
  emailMaxFrequencySeconds?: number;
  /** The dashboard's legacy API keys switch (anon and service-role JWT keys, HS256 tokens); off unless asked. */
  legacyKeys?: boolean;
  ports?: Partial<Omit<typeof defaultPorts, 'web'>>;
  /** The edge runtime's settings: the hosted plan, a custom domain, a listener for what requests use. */
  functions?: Pick<FunctionsServiceOptions, 'plan' | 'customDomain' | 'onRequestMeasured'>;
  /** The provider the functions take payments through (COMMERCE_PROVIDER); Hostinger unless told. */
  commerceProvider?: CommerceProvider;
  /** The Stripe double runs, and the functions have its secrets, even when Hostinger takes the payments (the functions' tests). */
  stripe?: boolean;
  /** Where the catalogue comes from (CATALOGUE_SOURCE): Hostinger's storefront unless told; `shop`, the shop's tables, given the double's products while empty. */
  catalogueSource?: CatalogueSource;
}

export type CatalogueSource = 'hostinger' | 'shop';
export type CommerceProvider = 'hostinger' | 'stripe';

/**
 * Whether Hostinger's doubles run: unless the shop runs alone, on its own catalogue with Stripe's
 * payments; then nothing of the shop may need them, and nothing can reach them.
 */
export const hostingerRunsFor = (commerceProvider: CommerceProvider, catalogueSource: CatalogueSource): boolean =>
  commerceProvider === 'hostinger' || catalogueSource === 'hostinger';

/** `COMMERCE_PROVIDER` as `npm start` and the benches read it: unset is Hostinger. */
export function commerceProviderOf(value: string | undefined): CommerceProvider {
  const provider = value || 'hostinger';
  if (provider !== 'hostinger' && provider !== 'stripe') throw new Error(`COMMERCE_PROVIDER must be hostinger or stripe, not "${provider}".`);
  return provider;
}

/** `CATALOGUE_SOURCE` as `npm start` and the test runner read it: unset is Hostinger's storefront. */
export function catalogueSourceOf(value: string | undefined): CatalogueSource {
  const source = value || 'hostinger';
  if (source !== 'hostinger' && source !== 'shop') throw new Error(`CATALOGUE_SOURCE must be hostinger or shop, not "${source}".`);
  return source;
}

export interface LocalStack extends ProjectKeys {
  apiUrl: string;
  dbUrl: string;
  /** Hostinger's doubles (storefront, checkout, Ecommerce API); none when the shop runs alone. */
  commerceUrl: string | undefined;
  storeId: string;
  /** The mail sandbox: Resend's API at /emails, the outbox page at /. */
  mailUrl: string;
  /** The Stripe double's base URL, when it runs. */
  stripeUrl: string | undefined;
  /** Where Storage keeps objects' bytes (`objects/<version>`). */
  storageDir: string;
  cluster: Cluster;
  gateway: Gateway;
  /** Turns the legacy API keys on or off, as the dashboard's switch does, without a restart. */
  setLegacyKeys(on: boolean): void;
  /** Stops the gateway and starts a new one on the same port (fault tests). */
  restartGateway(): Promise<void>;
  /**
   * Who takes the payments from now on (COMMERCE_PROVIDER), as an owner's `secrets set` and the
   * functions' redeploy: the gateway restarts, its functions with it. Stripe only where its double runs.
   */
  setCommerceProvider(name: CommerceProvider): Promise<void>;
  /** The environment names of the team brief, for tests and tools. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { persistent } = options;
  const port = async (name: 'api' | 'db') => options.ports?.[name] ?? (persistent ? defaultPorts[name] : await freePort());
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((e: Error) => console.error(`stop: ${e.message}`));
  };

  try {
    const stateDir = options.stateDir ?? localDir;
    // The sandbox's process starts while the cluster does; it is stopped last, after what calls it.
    const commerceDir = persistent ? join(stateDir, 'commerce') : mkdtempSync(join(tmpdir(), 'shop-commerce-'));
    // Without a port of its own, the sandbox's process takes one the system gives (port 0) and says
    // which: a port chosen here would stay free for the second its process takes to start, long
    // enough for another free-port pick beside it to take it first.
    const commercePort = options.ports?.commerce ?? (persistent ? defaultPorts.commerce : 0);
    const commerceProvider = options.commerceProvider ?? 'hostinger';
    const catalogueSource = options.catalogueSource ?? 'hostinger';
    const hostingerRuns = hostingerRunsFor(commerceProvider, catalogueSource);
    // The Ecommerce API's token, fresh each start like the jobs' secrets: what hPanel would make.
    const hostingerApiToken = newJobSecret();
    const sandboxStarting = hostingerRuns
      ? startCommerceSandboxProcess({ port: commercePort, dataDir: commerceDir, storeId: commerceStoreId, apiToken: hostingerApiToken })
      : undefined;
    sandboxStarting?.catch(() => undefined); // a failure is thrown where it is awaited, below
    stops.push(async () => {
      await (await sandboxStarting?.catch(() => undefined))?.close();
      if (!persistent) rmSync(commerceDir, { recursive: true, force: true });
    });
    // Likewise the mail sandbox's, with a fresh key each start: the functions get it with the URL,
    // nothing else needs to know it.
    const mailDir = persistent ? join(stateDir, 'mail') : mkdtempSync(join(tmpdir(), 'shop-mail-'));
    const mailStarting = startMailSandboxProcess({ port: options.ports?.mail ?? (persistent ? defaultPorts.mail : 0), dataDir: mailDir, apiKey: newLocalApiKey() });
    mailStarting.catch(() => undefined); // a failure is thrown where it is awaited, below
    stops.push(async () => {
      await (await mailStarting.catch(() => undefined))?.close();
      if (!persistent) rmSync(mailDir, { recursive: true, force: true });
    });
    // The Stripe double, when it runs, starts here too; its webhook endpoint is registered once the API's address is known.
    const stripeStarting = commerceProvider === 'stripe' || options.stripe ? startStripeDouble(options.ports?.stripe ?? (persistent ? defaultPorts.stripe : 0)) : undefined;
    stripeStarting?.catch(() => undefined); // a failure is thrown where it is awaited, below
    stops.push(async () => (await stripeStarting?.catch(() => undefined))?.close());
    const dataDir = persistent ? await persistentDataDir(stateDir) : undefined;
    step(`PostgreSQL 15 (${dataDir ? `persistent, ${dataDir}` : 'throwaway'})`);
    const cluster = persistent ? await startCluster({ persistent, dataDir, port: await port('db') }) : await preparedCluster('seed', await port('db'));
    stops.push(() => cluster.stop());
    if (persistent) {
      await applyBootstrap(cluster.url);
      const { applied } = await applyMigrations(cluster.url, { seed: true });
      step(`migrations: ${applied.length ? applied.join(', ') : 'up to date'}`);
    }

    step(hostingerRuns ? 'commerce sandbox (a process of its own)' : 'no commerce sandbox: the shop runs alone, on its own catalogue and Stripe');
    const sandbox = await sandboxStarting;
    const hostingerSecrets: Record<string, string> = sandbox
      ? { COMMERCE_API_URL: sandbox.url, COMMERCE_STORE_ID: sandbox.storeId, HOSTINGER_API_URL: sandbox.url, HOSTINGER_API_TOKEN: hostingerApiToken }
      : {};

    const keys = persistent ? persistentProjectKeys(stateDir) : (options.keys ?? newProjectKeys());
    step('mail sandbox (a process of its own)');
    const mail = await mailStarting;

    // The captcha provider's siteverify, played offline: the contact-captcha function checks there.
    const captcha = await startCaptchaSandbox({ port: await freePort() });
    stops.push(() => captcha.close());

    const configuredMail = readAuthMailSettings();
    const mailSettings = { ...configuredMail, maxFrequencySeconds: options.emailMaxFrequencySeconds ?? configuredMail.maxFrequencySeconds };
    const apiPort = await port('api');
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // The scheduled jobs' own credentials, fresh each start like the mail key: function secrets,
    // and in Vault where each job's definer function reads its own.
    let stripeSecrets: Record<string, string> = {};
    // For the tests, which pause and resume the endpoint's deliveries as its server going down would.
    let stripeEndpointId: string | undefined;
    if (stripeStarting) {
      step('Stripe double (a process of its own), the shop\'s webhook endpoint registered there');
      const stripe = await stripeStarting;
      const webhook = await registerWebhook(stripe, `${apiUrl}/functions/v1/stripe-webhook`);
      stripeSecrets = { STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: webhook.secret };
      stripeEndpointId = webhook.id;
    }
    const reconcileJobSecret = newJobSecret();
    const sendConfirmationsSecret = newJobSecret();
    const sendNotificationsSecret = newJobSecret();
    const functionSecrets: Record<string, string> = {
      ...readFunctionSecrets(),
      // Always the doubles locally: Hostinger's storefront (the catalogue) and Ecommerce API unless
      // the shop runs alone, and Stripe's when it runs, whichever takes the payments.
      COMMERCE_PROVIDER: commerceProvider,
      CATALOGUE_SOURCE: catalogueSource,
      ...stripeSecrets,
      ...hostingerSecrets,
      SITE_URL: options.siteUrl,
      // Always the sandbox locally, whatever .env says: a developer's run never mails a customer.
      MAIL_API_URL: mail.url,
      MAIL_API_KEY: mail.apiKey,
      // Always the sandbox locally, like the mail: no check ever reaches the real provider.
      CAPTCHA_VERIFY_URL: `${captcha.url}/siteverify`,
      CAPTCHA_SECRET: captcha.secret,
      RECONCILE_CHECKOUTS_SECRET: reconcileJobSecret,
      SEND_CONFIRMATIONS_SECRET: sendConfirmationsSecret,
      SEND_NOTIFICATIONS_SECRET: sendNotificationsSecret,
    };
    // Storage's bytes: beside the database's state when persistent, else a folder removed at stop.
    const storageDir = persistent ? join(stateDir, 'storage') : mkdtempSync(join(tmpdir(), 'shop-storage-'));
    if (!persistent) stops.push(async () => rmSync(storageDir, { recursive: true, force: true }));
    step('API gateway: auth, rest, realtime, storage, functions');
    const gatewayOptions: GatewayOptions = {
      port: apiPort,
      context: {
        apiUrl,
        dbUrl: cluster.url,
        dbUrlFor: cluster.urlFor,
        ...keys,
        settings: {
          autoconfirm: options.autoconfirm ?? !mailSettings.enableConfirmations,
          siteUrl: options.siteUrl,
          jwtExpiry: 3600,
          mail: mailSettings,
          legacyKeys: options.legacyKeys ?? false,
        },
        functionSecrets,
      },
      services: {
        '/auth/v1': authService({ rateLimits: options.authRateLimits }),
        '/rest/v1': createRestService,
        '/realtime/v1': createRealtimeService,
        '/functions/v1': functionsService(options.functions),
        '/storage/v1': createStorageService({ dataDir: storageDir }),
      },
    };
    let gateway = await startGateway(gatewayOptions);
    stops.push(() => gateway.close());
    // Supabase Cron's jobs reach the functions through pg_net, with the URL and the job's secret from Vault.
    step('pg_net worker, Vault secrets project_url and the scheduled jobs\' secrets');
    await storeVaultSecrets(cluster.url, {
      project_url: apiUrl,
      reconcile_checkouts_secret: reconcileJobSecret,
      send_confirmations_secret: sendConfirmationsSecret,
      send_notifications_secret: sendNotificationsSecret,
    });
    const pgNet = await startPgNetWorker(cluster.url);
    stops.push(() => pgNet.close());
    const uploaded = await uploadSampleDeliverables(apiUrl, keys.secretKey);
    step(`deliverables bucket: ${uploaded.length ? `${uploaded.length} sample files uploaded` : 'sample files in place'}`);
    if (catalogueSource === 'shop') {
      const written = await loadDemoCatalogue(nodeClient(apiUrl, keys.secretKey));
      step(`the shop's own catalogue: ${written ? `${written} demo products drawn from the commerce sandbox's catalogue` : 'in place'}`);
    }

    const env = {
      SUPABASE_URL: apiUrl,
      SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
      SUPABASE_SECRET_KEY: keys.secretKey,
      // The signing key in the CLI's signing_keys_path format: tests sign users' tokens with it.
      SUPABASE_SIGNING_KEYS: JSON.stringify([keys.signingKey]),
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_DB_URL: cluster.url,
      SUPABASE_JWT_SECRET: keys.jwtSecret,
      COMMERCE_PROVIDER: commerceProvider,
      CATALOGUE_SOURCE: catalogueSource,
      ...hostingerSecrets,
      ...stripeSecrets,
      ...(stripeEndpointId ? { STRIPE_WEBHOOK_ENDPOINT_ID: stripeEndpointId } : {}),
      SITE_URL: options.siteUrl,
      ADMIN_EMAILS: functionSecrets.ADMIN_EMAILS ?? '',
      MAIL_API_URL: mail.url,
      MAIL_API_KEY: mail.apiKey,
      MAIL_FROM: functionSecrets.MAIL_FROM ?? '',
      RECONCILE_CHECKOUTS_SECRET: reconcileJobSecret,
      SEND_CONFIRMATIONS_SECRET: sendConfirmationsSecret,
      SEND_NOTIFICATIONS_SECRET: sendNotificationsSecret,
      CAPTCHA_SANDBOX_URL: captcha.url,
    };
    return {
      apiUrl,
      dbUrl: cluster.url,
      ...keys,
      commerceUrl: sandbox?.url,
      storeId: commerceStoreId,
      mailUrl: mail.url,
      stripeUrl: stripeSecrets.STRIPE_API_URL,
      storageDir,
      cluster,
      get gateway() {
        return gateway;
      },
      setLegacyKeys(on) {
        gatewayOptions.context.settings.legacyKeys = on;
      },
      async restartGateway() {
        await gateway.close();
        gateway = await startGateway(gatewayOptions);
      },
      async setCommerceProvider(name) {
        if (name === 'stripe' && !stripeEndpointId) throw new Error('COMMERCE_PROVIDER=stripe: the Stripe double does not run on this stack (start it with `stripe: true`)');
        if (name === 'hostinger' && !sandbox) throw new Error('COMMERCE_PROVIDER=hostinger: the shop runs alone on this stack, without Hostinger\'s doubles');
        functionSecrets.COMMERCE_PROVIDER = name;
        env.COMMERCE_PROVIDER = name;
        await gateway.close();
        gateway = await startGateway(gatewayOptions);
      },
      env,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
