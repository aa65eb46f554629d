// The smoke check's run of the reconciliation with the schedule's secret: whether the deployed
// functions reach the provider that takes the payments with their credential (Hostinger's token,
// Stripe's key), and if not, what to do, by the status the provider answered. The provider is the
// one the schedule's answer names (`provider`); a deployment older than that field is judged by
// its `provider_error`, which starts with the provider's name (`Hostinger orders list: …`,
// `Stripe checkout session: …`), else by the operator's environment (STRIPE_* given: Stripe). A
// run with no checkout waiting asks the provider nothing and passes. The answer never holds the
// credential, nor does any line printed here.
import type { CheckOutcome } from './outcome.ts';

export type ProviderName = 'hostinger' | 'stripe';

export interface ReconcileAnswer {
  provider?: string;
  provider_failed?: boolean;
  provider_error?: string;
}

const apiOf: Record<ProviderName, string> = { hostinger: "Hostinger's Ecommerce API with their token", stripe: "Stripe's API with their key" };

const fixes: Record<ProviderName, Array<[RegExp, string]>> = {
  hostinger: [
    [/\bHTTP 401\b/, 'Hostinger refuses the token (401): make a new one in hPanel, Profile › API, and set HOSTINGER_API_TOKEN (docs/deploy.md)'],
    [/\bHTTP 403\b/, "the token's owner may not read this store's orders (403): make the token from the hPanel account that owns the store"],
    [/\bHTTP 404\b/, 'Hostinger knows no store COMMERCE_STORE_ID for this token (404): check the store id (docs/deploy.md)'],
  ],
  stripe: [
    [
      /\bHTTP 401\b/,
      "Stripe refuses the functions' key (401): set STRIPE_SECRET_KEY to the secret key of Stripe's Dashboard, Developers › API keys " +
        '(sk_live_…, or sk_test_… in test mode; docs/deploy.md#stripe)',
    ],
    [/\bHTTP 403\b/, "the functions' key may not make this call (403: a restricted key rk_… without that permission): set STRIPE_SECRET_KEY to the secret key sk_…"],
  ],
};

/** The provider the operator's environment says the shop takes payments through. */
export function providerOfEnvironment(env: NodeJS.ProcessEnv): ProviderName {
  return env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'hostinger';
}

/** The check's line: the functions reach `provider`'s API with their credential. */
export const reachCheckName = (provider: ProviderName) => `the functions reach ${apiOf[provider]}`;

const isProvider = (name: string | undefined): name is ProviderName => name === 'hostinger' || name === 'stripe';

/** The provider the answer names, else the one its error names, else `assumed`. */
function providerOf(answer: ReconcileAnswer | null, assumed: ProviderName): ProviderName {
  if (isProvider(answer?.provider)) return answer.provider;
  const error = answer?.provider_error ?? '';
  if (/^Stripe\b/.test(error)) return 'stripe';
  if (/^Hostinger\b/.test(error)) return 'hostinger';
  return assumed;
}

/** Nothing when the functions reached the provider; otherwise what failed and what to do. */
export function providerProblems(status: number, answer: ReconcileAnswer | null, assumed: ProviderName): string[] {
  if (status === 403) return ['reconcile-checkouts refuses this job secret (403): give the value of RECONCILE_CHECKOUTS_SECRET'];
  if (status !== 200 || !answer) return [`reconcile-checkouts answered ${status}`];
  if (!answer.provider_failed) return [];
  const error = answer.provider_error ?? 'no reason given';
  const fix = fixes[providerOf(answer, assumed)].find(([pattern]) => pattern.test(error));
  return [fix ? fix[1] : `the functions cannot reach the provider: ${error}`];
}

/** Runs the reconciliation once, as the schedule does, and reads its answer; `assumed` names the provider it does not. */
export async function checkReconciliation(supabaseUrl: string, publishableKey: string, jobSecret: string, assumed: ProviderName): Promise<CheckOutcome> {
  const reconciled = await fetch(`${supabaseUrl}/functions/v1/reconcile-checkouts`, {
    method: 'POST',
    headers: { apikey: publishableKey, Authorization: `Bearer ${jobSecret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scope: 'all' }),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await reconciled.json().catch(() => null)) as ReconcileAnswer | null;
  return { name: reachCheckName(providerOf(answer, assumed)), problems: providerProblems(reconciled.status, answer, assumed) };
}
