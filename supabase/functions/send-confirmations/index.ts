// send-confirmations: the scheduled half of the buyers' confirmation e-mails (Supabase Cron every
// minute as `send_confirmations_job`, through pg_net, bearing the job's own secret
// SEND_CONFIRMATIONS_SECRET; any other bearer, the service-role key included, is refused with
// 403). Sends the confirmations still unsent, with the service role (`pending_confirmations`:
// orders the reconciliation recorded, sends that failed), a bounded
// batch per call so that a backlog never holds one request past its CPU limit; the next minute
// takes the rest. Each goes through the same module as record-order's own send, once per order.
// The credit notes' e-mails whose immediate send failed (`pending_credit_note_mails`) go out here
// too, and the buyers' « Nouvelle version » e-mails once due (`pending_new_version_mails`: one per
// buyer and product change, five minutes after an administrator last replaced its files).
// At most 200 mails a call: the confirmations (orders of the last seven days), then the credit
// notes', then the « Nouvelle version » mails with what is left (`private.new_version_mails`).
// The reconciliation sends no confirmation itself: mailing inside its 1,000-order run took
// 1,940 ms of CPU, at the 2 s limit, and a send that failed there was not tried again.
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse } from '../_shared/errors.ts';
import { bearsJobSecret } from '../_shared/job-secret.ts';
import { mailCreditNote } from '../_shared/credit-note-mail.ts';
import { mailNewVersion } from '../_shared/new-version-mail.ts';
import { confirmOrder } from '../_shared/order-confirmation.ts';
import { serviceClient } from '../_shared/supabase.ts';

/** Confirmations per call: about 2 ms of CPU each (bench:functions: 470 ms for 200), within half of the 2 s limit. */
const batchSize = 200;

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.');
    if (!bearsJobSecret(request, 'SEND_CONFIRMATIONS_SECRET')) throw new HttpError(403, 'scheduled_job_only', 'Only the scheduled job may send the confirmations.');
    const service = serviceClient();
    const { data: orderIds, error } = await service.rpc('pending_confirmations', { p_limit: batchSize });
    if (error) throw new Error(`pending_confirmations: ${error.message}`);
    let sent = 0;
    for (const orderId of orderIds as string[]) if (await confirmOrder(service, orderId)) sent++;
    const { data: noteIds, error: notesError } = await service.rpc('pending_credit_note_mails', { p_limit: batchSize });
    if (notesError) throw new Error(`pending_credit_note_mails: ${notesError.message}`);
    for (const noteId of noteIds as string[]) if (await mailCreditNote(service, noteId)) sent++;
    // What is left of the batch: a product with many buyers never pushes a call past its CPU limit,
    // and its mails go out over the next minutes.
    const left = Math.max(batchSize - (orderIds as string[]).length - (noteIds as string[]).length, 0);
    const { data: versionIds, error: versionsError } = await service.rpc('pending_new_version_mails', { p_limit: left });
    if (versionsError) throw new Error(`pending_new_version_mails: ${versionsError.message}`);
    for (const mailId of versionIds as string[]) if (await mailNewVersion(service, mailId)) sent++;
    return jsonResponse({ sent, failed: [orderIds, noteIds, versionIds].reduce((n, ids) => n + (ids as string[]).length, 0) - sent });
  } catch (error) {
    return errorResponse(error);
  }
}));
