// reconcile-checkouts: records the orders of checkouts paid at the provider whose buyer never came
// back to /success (_shared/reconcile-checkouts.ts). Two callers:
// - `{ "scope": "all" }`: the schedule (Supabase Cron through pg_net), bearing the job's own secret
//   RECONCILE_CHECKOUTS_SECRET; every other token, the service-role key included, is refused with
//   403. That secret is not a JWT, so the gateway's verify_jwt is off for this function
//   (supabase/config.toml) and nothing else (REST, the other functions) accepts it;
// - `{ "scope": "mine" }`: a signed-in customer opening their dashboard, for their own checkouts,
//   their token verified against the JWKS (requireUser).
// The function's own work uses the platform's service-role key (serviceClient), never the caller's.
// Both answer `{ recorded, expired, issues, still_pending, provider_failed }` (the schedule's with
// `provider_error`, the provider's status and message, when it failed); the schedule also files the payments
// no checkout claimed (unmatched.ts) and picks up the refunds and disputes made at the provider
// directly (refunds.ts), and adds `{ unmatched, refunds, disputes }`, how many it filed or recorded,
// and `provider`, who takes the payments (`hostinger`, `stripe`), for the operator's smoke check.
// The schedule: Supabase Cron every minute as the role `reconcile_checkouts_job`, through pg_net
// with the URL and the secret from Vault (`reconcile_checkouts_secret`). The dashboard calls
// `scope: 'mine'` when it opens (web/src/features/dashboard/api/reconcile-checkouts.ts). A run
// asks Hostinger's Ecommerce API 60 requests at most (a 429's Retry-After is read); what it could not ask waits
// for the next run (`provider_failed`) and the run still answers 200. bench:functions: 200 paid
// checkouts waiting at once are recorded in 4 runs (about 56 a run), each run at most 110 ms of
// CPU and 20 MB.
import { providerFromEnv } from '../_shared/commerce-provider.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { CommerceError, errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, ReconcileCheckoutsBody } from '../_shared/schemas.ts';
import { bearsJobSecret } from '../_shared/job-secret.ts';
import { requireUser } from '../_shared/caller.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { reconcileCheckouts } from '../_shared/reconcile-checkouts.ts';
import { pickUpRefundsAndDisputes } from './refunds.ts';
import { fileUnclaimedPayments } from './unmatched.ts';

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const { scope } = parseBody(ReconcileCheckoutsBody, await readJson(request));
    if (scope === 'all') {
      if (!bearsJobSecret(request, 'RECONCILE_CHECKOUTS_SECRET')) throw new HttpError(403, 'scheduled_job_only', 'Only the scheduled job may reconcile every checkout.');
      const [service, provider, startedAt] = [serviceClient(), providerFromEnv(), Date.now()];
      const checkouts = await reconcileCheckouts(service, provider);
      let unmatched = 0;
      // Only once every waiting checkout was matched is a payment left over an unmatched one.
      if (!checkouts.provider_failed) {
        try {
          unmatched = await fileUnclaimedPayments(service, provider, startedAt);
        } catch (error) {
          if (!(error instanceof CommerceError)) throw error;
          console.warn(`${provider.name} listing recent payments: ${error.message}; next run`);
        }
      }
      return jsonResponse({ provider: provider.name, ...checkouts, unmatched, ...(await pickUpRefundsAndDisputes(service, provider)) });
    }
    const user = await requireUser(request);
    // The provider's own words are the operator's, not the customer's: logged above, not sent.
    const { provider_error: _providerError, ...summary } = await reconcileCheckouts(serviceClient(), providerFromEnv(), user.id);
    return jsonResponse(summary);
  } catch (error) {
    return errorResponse(error);
  }
}));
