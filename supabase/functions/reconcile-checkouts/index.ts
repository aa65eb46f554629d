// reconcile-checkouts: records the orders of checkouts paid at the commerce service whose buyer
// never came back to /success (_shared/reconcile-checkouts.ts). Two callers:
// - `{ "scope": "all" }`: the schedule (Supabase Cron through pg_net), bearing the job's own secret
//   RECONCILE_CHECKOUTS_SECRET; every other token, the service-role key included, is refused with
//   403. That secret is not a JWT, so the gateway's verify_jwt is off for this function
//   (supabase/config.toml) and nothing else (REST, the other functions) accepts it;
// - `{ "scope": "mine" }`: a signed-in customer opening their dashboard, for their own checkouts,
//   their token verified against the JWKS (requireUser).
// The function's own work uses the platform's service-role key (serviceClient), never the caller's.
// Both answer `{ recorded, canceled, expired, issues, still_pending }`; the schedule also picks up
// the refunds and disputes made at the commerce service directly (refunds.ts) and adds
// `{ refunds, disputes }`, how many it recorded.
import { commerceFromEnv } from '../_shared/commerce.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, ReconcileCheckoutsBody } from '../_shared/schemas.ts';
import { bearsJobSecret } from '../_shared/job-secret.ts';
import { requireUser } from '../_shared/caller.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { reconcileCheckouts } from '../_shared/reconcile-checkouts.ts';
import { pickUpRefundsAndDisputes } from './refunds.ts';

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const { scope } = parseBody(ReconcileCheckoutsBody, await readJson(request));
    if (scope === 'all') {
      if (!bearsJobSecret(request, 'RECONCILE_CHECKOUTS_SECRET')) throw new HttpError(403, 'scheduled_job_only', 'Only the scheduled job may reconcile every checkout.');
      const [service, commerce] = [serviceClient(), commerceFromEnv()];
      const checkouts = await reconcileCheckouts(service, commerce);
      return jsonResponse({ ...checkouts, ...(await pickUpRefundsAndDisputes(service, commerce)) });
    }
    const user = await requireUser(request);
    return jsonResponse(await reconcileCheckouts(serviceClient(), commerceFromEnv(), user.id));
  } catch (error) {
    return errorResponse(error);
  }
}));
