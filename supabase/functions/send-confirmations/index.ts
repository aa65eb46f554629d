// send-confirmations: the scheduled half of the buyers' confirmation e-mails (Supabase Cron every
// minute, through pg_net, with the service-role key). Sends the confirmations still unsent
// (`pending_confirmations`: orders the reconciliation recorded, sends that failed), a bounded
// batch per call so that a backlog never holds one request past its CPU limit; the next minute
// takes the rest. Each goes through the same module as record-order's own send, once per order.
// The list is asked with the caller's key: the database refuses anyone but the service role.
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse } from '../_shared/errors.ts';
import { confirmOrder } from '../_shared/order-confirmation.ts';
import { callerClient } from '../_shared/supabase.ts';

/** Confirmations per call: about 2 ms of CPU each (bench:functions: 450 ms for 200), within half of the 2 s limit. */
const batchSize = 200;

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.');
    const caller = callerClient(request);
    const { data: orderIds, error } = await caller.rpc('pending_confirmations', { p_limit: batchSize });
    if (error) {
      if (error.code === '42501') throw new HttpError(403, 'service_role_only', 'Only the scheduled job (service role) may send the confirmations.');
      throw new Error(`pending_confirmations: ${error.message}`);
    }
    let sent = 0;
    for (const orderId of orderIds as string[]) if (await confirmOrder(caller, orderId)) sent++;
    return jsonResponse({ sent, failed: (orderIds as string[]).length - sent });
  } catch (error) {
    return errorResponse(error);
  }
});
