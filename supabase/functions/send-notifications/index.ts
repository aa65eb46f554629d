// send-notifications: tells the administrators of new contact messages, conversations and orders
// (issue #31). Supabase Cron calls it every minute as `send_notifications_job`, through pg_net,
// bearing the job's own secret SEND_NOTIFICATIONS_SECRET (any other bearer, the service-role key
// included: 403). With the service role it claims the due rows of the outbox the database fills
// (`claim_admin_notifications`: each claim a try, held five minutes), mails each notification due
// at once on its own and each administrator's due digest rows as one mail, and marks them: sent, or
// failed with the reason (retried later with back-off while the failure may pass, listed for the
// administrators after the last try). A mail's idempotency key is made of its rows' ids, so a
// retry after a lost answer is sent once by the provider. The outbox, `admin_notifications`, is
// filled by triggers in the transaction that wrote the contact message, the chat line or the
// order; 100 rows a call. A failed row (`failure: message` as its reason) is tried again after 1, 5,
// 25 and 125 minutes while MailError.retryable says the failure may pass, and given up (`failed`)
// after the fifth try, or at once when the provider refuses the message (migration
// 20261128140200_send_notifications.sql). Keys: `admin-notification/<id>`, a digest's
// `admin-digest/<sha-256 of its ids>`.
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse } from '../_shared/errors.ts';
import { bearsJobSecret } from '../_shared/job-secret.ts';
import { MailError, mailFromEnv } from '../_shared/mail.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import { digestMail, immediateMail, type NotificationContent, type NotificationMail } from './notification-mail.ts';

/** Rows per call: a mail each at most, well within a call's time and CPU. */
const batchSize = 100;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The mails to send: one per notification due at once, one per administrator for their due digest rows. */
function mailsOf(contents: NotificationContent[], siteUrl: string): { ids: string[]; mail: NotificationMail }[] {
  const digests = new Map<string, NotificationContent[]>();
  const mails: { ids: string[]; mail: NotificationMail }[] = [];
  for (const content of contents) {
    if (content.delivery === 'digest') digests.set(content.recipient_email, [...(digests.get(content.recipient_email) ?? []), content]);
    else mails.push({ ids: [content.id], mail: immediateMail(content, siteUrl) });
  }
  for (const group of digests.values()) mails.push({ ids: group.map((content) => content.id).sort(), mail: digestMail(group, siteUrl) });
  return mails;
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.');
    if (!bearsJobSecret(request, 'SEND_NOTIFICATIONS_SECRET')) throw new HttpError(403, 'scheduled_job_only', 'Only the scheduled job may send the notifications.');
    const service = serviceClient();
    const mailer = mailFromEnv();
    const siteUrl = requireEnv('SITE_URL').replace(/\/+$/, '');
    const { data: claimed, error: claimError } = await service.rpc('claim_admin_notifications', { p_limit: batchSize });
    if (claimError) throw new Error(`claim_admin_notifications: ${claimError.message}`);
    const ids = (claimed as { id: string }[]).map((row) => row.id);
    if (ids.length === 0) return jsonResponse({ sent: 0, failed: 0 });
    const { data: contents, error: contentsError } = await service.rpc('admin_notification_contents', { p_ids: ids });
    if (contentsError) throw new Error(`admin_notification_contents: ${contentsError.message}`);

    let sent = 0;
    let failed = 0;
    for (const { ids: rowIds, mail } of mailsOf(contents as NotificationContent[], siteUrl)) {
      const key = rowIds.length === 1 ? `admin-notification/${rowIds[0]}` : `admin-digest/${await sha256Hex(rowIds.join(','))}`;
      try {
        await mailer.send({ ...mail, idempotencyKey: key });
      } catch (error) {
        const reason = error instanceof MailError ? `${error.failure}: ${error.message}` : `error: ${(error as Error).message}`;
        const retryable = error instanceof MailError ? error.retryable : true;
        console.error(`notification ${key} not sent (${retryable ? 'tried again later' : 'given up'}): ${reason}`);
        const { error: markError } = await service.rpc('mark_admin_notifications_failed', { p_ids: rowIds, p_reason: reason, p_retryable: retryable });
        if (markError) throw new Error(`mark_admin_notifications_failed: ${markError.message}`);
        failed += rowIds.length;
        continue;
      }
      const { error: markError } = await service.rpc('mark_admin_notifications_sent', { p_ids: rowIds });
      if (markError) throw new Error(`mark_admin_notifications_sent: ${markError.message}`);
      sent += rowIds.length;
    }
    return jsonResponse({ sent, failed });
  } catch (error) {
    return errorResponse(error);
  }
}));
