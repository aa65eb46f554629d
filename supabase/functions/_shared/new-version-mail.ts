// The buyer's e-mail « Nouvelle version » (issue #28): one per buyer and product change, queued in
// the database when an administrator replaces a product's file(s) (20261130110000_new_version_mails:
// one mail per buyer and product, five minutes after the last replacement) and sent only by the
// scheduled send-confirmations. Guarded as the credit notes' mails are (credit-note-mail.ts): the
// outbox row marked sent stops every later call, and the idempotency key `new-version/<id>`
// makes racing sends go out once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { escapeHtml } from './html.ts';
import { MailError, mailFromEnv } from './mail.ts';
import { mailPage, signOffHtml, signOffLines } from './mail-layout.ts';
import { requireEnv } from './supabase.ts';

/** What `new_version_mail(id)` returns. */
export interface NewVersionToMail {
  id: string;
  product_title: string;
  email: string;
  full_name: string | null;
}

/** The French mail of one product change: a pure function of it, so racing callers build the same one. */
export function newVersionMail(change: NewVersionToMail, siteUrl: string): { to: string; subject: string; text: string; html: string } {
  const libraryUrl = `${siteUrl}/dashboard/library`;
  const greeting = change.full_name ? `Bonjour ${change.full_name},` : 'Bonjour,';
  const intro = `Une nouvelle version de « ${change.product_title} » est disponible. Elle remplace la précédente dans votre bibliothèque, sans rien à racheter.`;
  const marker = 'Elle y porte la mention « Nouvelle version » jusqu’à ce que vous l’ouvriez.';
  const text = [
    greeting,
    '',
    intro,
    marker,
    '',
    `Votre bibliothèque : ${libraryUrl}`,
    '',
    ...signOffLines,
  ].join('\n');
  const html = mailPage(`<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(marker)}</p>
<p><a href="${escapeHtml(libraryUrl)}">Ouvrir ma bibliothèque</a></p>
${signOffHtml}`);
  return { to: change.email, subject: `Nouvelle version : ${change.product_title}`, text, html };
}

/**
 * Mails the product change to its buyer unless it was mailed already (or the buyer no longer has
 * the product); never throws, only logs. Resolves to whether this call asked the provider to send it.
 */
export async function mailNewVersion(service: SupabaseClient, mailId: string): Promise<boolean> {
  try {
    const mailer = mailFromEnv();
    const { data, error } = await service.rpc('new_version_mail', { p_mail_id: mailId });
    if (error) throw new Error(`new_version_mail(${mailId}): ${error.message}`);
    if (data === null) return false;
    const change = data as NewVersionToMail;
    await mailer.send({ ...newVersionMail(change, requireEnv('SITE_URL').replace(/\/+$/, '')), idempotencyKey: `new-version/${change.id}` });
    const { error: markError } = await service.rpc('mark_new_version_mailed', { p_mail_id: change.id });
    if (markError) throw new Error(`marking new version mail ${change.id} sent: ${markError.message}`);
    return true;
  } catch (error) {
    const cause = error instanceof MailError ? `${error.failure}: ${error.message}` : error;
    console.error(`new version e-mail ${mailId} not sent; send-confirmations tries again`, cause);
    return false;
  }
}
