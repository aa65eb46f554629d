// What the smoke check makes of reconcile-checkouts' answer to the schedule's secret: whether the
// deployed functions reach the provider's API with their token, and if not, what to do, by the
// status the provider answered. The answer never holds the token, nor does any line printed here.
export interface ReconcileAnswer {
  provider_failed?: boolean;
  provider_error?: string;
}

const fixes: Array<[RegExp, string]> = [
  [/\bHTTP 401\b/, 'Hostinger refuses the token (401): make a new one in hPanel, Profile › API, and set HOSTINGER_API_TOKEN (docs/deploy.md)'],
  [/\bHTTP 403\b/, "the token's owner may not read this store's orders (403): make the token from the hPanel account that owns the store"],
  [/\bHTTP 404\b/, 'Hostinger knows no store COMMERCE_STORE_ID for this token (404): check the store id (docs/deploy.md)'],
];

/** Nothing when the functions reached the provider; otherwise what failed and what to do. */
export function providerProblems(status: number, answer: ReconcileAnswer | null): string[] {
  if (status === 403) return ['reconcile-checkouts refuses this job secret (403): give the value of RECONCILE_CHECKOUTS_SECRET'];
  if (status !== 200 || !answer) return [`reconcile-checkouts answered ${status}`];
  if (!answer.provider_failed) return [];
  const error = answer.provider_error ?? 'no reason given';
  const fix = fixes.find(([pattern]) => pattern.test(error));
  return [fix ? fix[1] : `the functions cannot reach the provider: ${error}`];
}
