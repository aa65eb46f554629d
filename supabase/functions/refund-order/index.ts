// refund-order: the administrator refunds an order, whole or by line, with a reason (refund.ts).
// Administrators only (403).
import { limitBody } from '../_shared/body-limit.ts';
import { requireAdmin, requireUser } from '../_shared/caller.ts';
import { providerFromEnv } from '../_shared/commerce-provider.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, RefundOrderBody } from '../_shared/schemas.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { refundOrder } from './refund.ts';

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const user = await requireUser(request);
    const body = parseBody(RefundOrderBody, await readJson(request));
    await requireAdmin(callerClient(request), user.id);
    return jsonResponse(await refundOrder(serviceClient(), providerFromEnv(), body, user.id));
  } catch (error) {
    return errorResponse(error);
  }
}));
