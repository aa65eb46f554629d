// The smoke check's Stripe lines (docs/deploy.md#stripe), from outside, with what the operator
// gives (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET; STRIPE_API_URL only for the local double):
// - the key, through the official SDK (`stripe` 12.3.0, as the functions): its mode (test or live,
//   secret or restricted), and among the account's webhook endpoints one enabled at the deployed
//   stripe-webhook, subscribed to every event it handles (stripe-webhook/handled-events.ts);
// - the signing secret: an event signed as Stripe signs (the SDK's generateTestHeaderString), of
//   a type stripe-webhook does not handle and an id Stripe never makes (`evt_smoke_…`: Stripe's
//   are letters and digits after `evt_`), posted to it. The function answers such an event 200
//   `{ ignored: true }` before it claims its id, so nothing is written (stripe-webhook/index.ts);
//   a 2xx proves the deployed function holds the same secret, a 400 `invalid_signature` that it
//   does not (a missing secret answers the same);
// - that it verifies at all: an unsigned post and one signed with another secret answer 400.
// A check without what it needs is a note, never a pass.
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { handledEventTypes } from '../../supabase/functions/stripe-webhook/handled-events.ts';
import { apiVersion } from '../stripe-sandbox/api-version.ts';
import { stripeApiUrl, stripeAt } from '../stripe-sandbox/sdk-client.ts';
import type { CheckOutcome } from './outcome.ts';

export interface StripeSmokeSettings {
  /** The deployed project's URL: the endpoint must be its `/functions/v1/stripe-webhook`. */
  supabaseUrl: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Stripe's API; https://api.stripe.com when unset. */
  apiUrl?: string;
}

/** A type Stripe has not and stripe-webhook never handles: the function acknowledges it and does nothing. */
export const smokeEventType = 'smoke.signature_check';

const setUp = 'docs/deploy.md#stripe';

export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv, supabaseUrl: string): StripeSmokeSettings {
  return { supabaseUrl, secretKey: env.STRIPE_SECRET_KEY || undefined, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined, apiUrl: env.STRIPE_API_URL || undefined };
}

export const webhookUrlOf = (supabaseUrl: string) => `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/stripe-webhook`;

/** Which key this is, by Stripe's prefixes; undefined for anything else (a publishable key, a typo). */
export function keyKind(key: string): string | undefined {
  const match = /^(sk|rk)_(test|live)_/.exec(key);
  if (!match) return undefined;
  return `${match[2]}-mode ${match[1] === 'sk' ? 'secret' : 'restricted'} key`;
}

/** Why a key cannot be Stripe's secret key, by its shape. */
function keyShapeProblem(key: string): string {
  const seen = /^pk_/.test(key) ? 'a publishable key (pk_…)' : `"${key.slice(0, 8)}…", no Stripe key`;
  return `STRIPE_SECRET_KEY is ${seen}: give the secret key of Stripe's Dashboard, Developers › API keys (sk_test_… or sk_live_…)`;
}

type Endpoint = Pick<Stripe.WebhookEndpoint, 'id' | 'url' | 'status' | 'enabled_events'>;

const missingEvents = (endpoint: Endpoint) => (endpoint.enabled_events.includes('*') ? [] : handledEventTypes.filter((type) => !endpoint.enabled_events.includes(type)));

/** Nothing when exactly one endpoint at `webhookUrl` is enabled with every handled event; otherwise what to fix. */
export function endpointProblems(endpoints: Endpoint[], webhookUrl: string): string[] {
  const here = endpoints.filter((endpoint) => endpoint.url.replace(/\/+$/, '') === webhookUrl);
  if (here.length === 0) {
    const others = endpoints.map((endpoint) => endpoint.url);
    return [`no webhook endpoint at ${webhookUrl} (Developers › Webhooks › Add endpoint, ${setUp})${others.length ? `; this account has ${others.join(', ')}` : ''}`];
  }
  const enabled = here.filter((endpoint) => endpoint.status === 'enabled');
  if (enabled.length === 0) return [`the endpoint ${here.map((endpoint) => endpoint.id).join(', ')} at ${webhookUrl} is disabled: enable it (Developers › Webhooks)`];
  // Each endpoint signs with its own secret and stripe-webhook holds one: the other's deliveries all fail.
  if (enabled.length > 1) return [`${enabled.length} enabled endpoints at ${webhookUrl} (${enabled.map((endpoint) => endpoint.id).join(', ')}): stripe-webhook holds one signing secret, so the others' deliveries are refused; delete all but one`];
  const missing = missingEvents(enabled[0]!);
  return missing.length === 0 ? [] : [`the endpoint ${enabled[0]!.id} does not subscribe to ${missing.join(', ')}: add them (Developers › Webhooks › the endpoint › Update details)`];
}

/** What to do when Stripe refuses the key, or cannot be asked. */
export function keyRefusal(error: unknown, apiUrl: string): string {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return `Stripe refuses STRIPE_SECRET_KEY (401): take the secret key from Stripe's Dashboard, Developers › API keys (sk_test_… in test mode, sk_live_… in live mode), set it as the functions' secret STRIPE_SECRET_KEY (${setUp}) and give the same here`;
  }
  if (error instanceof Stripe.errors.StripePermissionError) return 'this restricted key may not read webhook endpoints (403): give it « Webhook Endpoints: Read », or give the secret key sk_…';
  return `Stripe's API at ${apiUrl} did not answer: ${(error as Error).message}`;
}

interface WebhookAnswer {
  status: number;
  code: string | undefined;
}

/** Nothing when stripe-webhook took the event signed with the operator's secret; otherwise what to do. */
export function signedEventProblems(answer: WebhookAnswer): string[] {
  if (answer.status >= 200 && answer.status < 300) return [];
  if (answer.status === 400 && answer.code === 'invalid_signature') {
    return [
      `the deployed stripe-webhook does not hold this signing secret (400 invalid_signature): set STRIPE_WEBHOOK_SECRET to the endpoint's signing secret, whsec_… (Developers › Webhooks › the endpoint › Reveal; ${setUp}), or this machine's clock is more than 5 minutes off`,
    ];
  }
  return [unexpected(answer)];
}

/** Nothing when stripe-webhook refused both an unsigned and a forged event with 400 invalid_signature. */
export function forgeryProblems(unsigned: WebhookAnswer, forged: WebhookAnswer): string[] {
  return Object.entries({ 'an unsigned event': unsigned, 'an event signed with another secret': forged }).flatMap(([what, answer]) => {
    if (answer.status === 400 && answer.code === 'invalid_signature') return [];
    if (answer.status >= 200 && answer.status < 300) return [`stripe-webhook accepted ${what} (${answer.status}): it does not verify Stripe's signature`];
    return [`${what}: ${unexpected(answer)}`];
  });
}

function unexpected({ status, code }: WebhookAnswer): string {
  if (status === 404) return 'stripe-webhook is not deployed (404): npx supabase functions deploy';
  if (status >= 500) return `stripe-webhook failed (${status}${code ? ` ${code}` : ''}): are STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set as function secrets? (npx supabase secrets list)`;
  return `stripe-webhook answered ${status}${code ? ` ${code}` : ''}`;
}

/** A whole event as Stripe sends one, of the smoke's own type and id. */
function smokeEvent(): string {
  return JSON.stringify({
    id: `evt_smoke_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'smoke_check', note: 'npm run smoke: a signature check, nothing to do' } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: smokeEventType,
  });
}

async function post(webhookUrl: string, body: string, signature: string | undefined): Promise<WebhookAnswer> {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  return { status: response.status, code: answer?.error?.code };
}

async function keyCheck(stripe: Stripe, key: string, webhookUrl: string, apiUrl: string): Promise<CheckOutcome> {
  const kind = keyKind(key);
  const name = `Stripe (${kind ?? 'STRIPE_SECRET_KEY'}) has one endpoint enabled at ${webhookUrl} with the ${handledEventTypes.length} events it handles`;
  if (!kind) return { name, problems: [keyShapeProblem(key)] };
  try {
    const endpoints = await stripe.webhookEndpoints.list({ limit: 100 });
    const found = endpoints.data.find((endpoint) => endpoint.url.replace(/\/+$/, '') === webhookUrl);
    return { name, problems: endpointProblems(endpoints.data, webhookUrl), detail: found?.id };
  } catch (error) {
    return { name, problems: [keyRefusal(error, apiUrl)] };
  }
}

/** The Stripe lines, and a note for each not checked. */
export async function stripeChecks(settings: StripeSmokeSettings): Promise<{ checks: CheckOutcome[]; notes: string[] }> {
  const { secretKey, webhookSecret } = settings;
  if (!secretKey && !webhookSecret) return { checks: [], notes: ['Stripe is not checked: when the shop takes payments through Stripe, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'] };
  const apiUrl = settings.apiUrl ?? stripeApiUrl;
  const webhookUrl = webhookUrlOf(settings.supabaseUrl);
  // Without a key, the client only signs.
  const stripe = stripeAt(apiUrl, secretKey ?? '');
  const sign = (body: string, secret: string) => stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  const checks: CheckOutcome[] = [];
  const notes: string[] = [];

  if (secretKey) checks.push(await keyCheck(stripe, secretKey, webhookUrl, apiUrl));
  else notes.push("Stripe's key and webhook endpoint are not checked: set STRIPE_SECRET_KEY");

  if (webhookSecret) {
    const body = smokeEvent();
    checks.push({ name: 'stripe-webhook takes an event signed with STRIPE_WEBHOOK_SECRET', problems: signedEventProblems(await post(webhookUrl, body, sign(body, webhookSecret))) });
  } else notes.push("stripe-webhook's signing secret is not checked: set STRIPE_WEBHOOK_SECRET to the endpoint's whsec_…");

  const forgedBody = smokeEvent();
  const [unsigned, forged] = [await post(webhookUrl, smokeEvent(), undefined), await post(webhookUrl, forgedBody, sign(forgedBody, `whsec_${randomBytes(24).toString('base64url')}`))];
  checks.push({ name: 'stripe-webhook refuses an unsigned or forged event (400 invalid_signature)', problems: forgeryProblems(unsigned, forged) });
  return { checks, notes };
}
