// reconcile-checkouts: records the orders of checkouts paid at the commerce service whose buyer
// never came back to /success (reconcile.ts). Two callers:
// - `{ "scope": "all" }`: the schedule (Supabase Cron through pg_net), with the service-role key;
//   every other token, the anon key and customers' included, is refused with 403;
// - `{ "scope": "mine" }`: a signed-in customer opening their dashboard, for their own checkouts.
// Both answer `{ recorded, canceled, expired, issues, still_pending }`.
import { commerceFromEnv } from '../_shared/commerce.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, ReconcileCheckoutsBody } from '../_shared/schemas.ts';
import { callerClient, requireEnv, requireUser, serviceClient } from '../_shared/supabase.ts';
import { reconcileCheckouts } from './reconcile.ts';

const encoder = new TextEncoder();

/** Whether the request carries the project's service-role key, compared in constant time. */
function bearsServiceRoleKey(request: Request): boolean {
  const token = encoder.encode(/^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '');
  const key = encoder.encode(requireEnv('SUPABASE_SERVICE_ROLE_KEY'));
  let difference = token.length ^ key.length;
  for (let i = 0; i < key.length; i++) difference |= key[i]! ^ (token[i] ?? 0);
  return difference === 0;
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const { scope } = parseBody(ReconcileCheckoutsBody, await readJson(request));
    if (scope === 'all') {
      if (!bearsServiceRoleKey(request)) throw new HttpError(403, 'service_role_only', 'Only the scheduled job (service role) may reconcile every checkout.');
      return jsonResponse(await reconcileCheckouts(serviceClient(), commerceFromEnv()));
    }
    const user = await requireUser(request, callerClient(request));
    return jsonResponse(await reconcileCheckouts(serviceClient(), commerceFromEnv(), user.id));
  } catch (error) {
    return errorResponse(error);
  }
});
