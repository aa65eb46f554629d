// The buyer's e-mail for a credit note (« avoir »), sent once per credit note: by refund-order and
// the reconciliation as soon as they record it, and otherwise by the scheduled send-confirmations
// (a send that failed). Guarded as the order confirmations are (order-confirmation.ts): the
// marker row in credit_note_mails stops every later call, and the idempotency key
// `credit-note/<id>` makes racing sends go out once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { formatAmount, formatDate, orderReference } from './french-format.ts';
import { escapeHtml } from './html.ts';
import { MailError, mailFromEnv } from './mail.ts';
import { amountListHtml, amountListText, mailPage, productLabel, signOffHtml, signOffLines } from './mail-layout.ts';
import { requireEnv } from './supabase.ts';

/** What `credit_note_mail(id)` returns. */
export interface CreditNoteToMail {
  id: string;
  number: string;
  created_at: string;
  amount_cents: number;
  currency: string;
  reason: string;
  lines: { product_title: string; variant_title: string | null; quantity: number; amount_cents: number }[];
  order_id: string;
  invoice_number: string;
  email: string;
  full_name: string | null;
}

/** The French mail of one credit note: a pure function of it, so racing callers build the same one. */
export function creditNoteMail(note: CreditNoteToMail, siteUrl: string): { to: string; subject: string; text: string; html: string } {
  const money = (cents: number) => formatAmount(cents, note.currency);
  const ordersUrl = `${siteUrl}/dashboard/orders`;
  const greeting = note.full_name ? `Bonjour ${note.full_name},` : 'Bonjour,';
  const intro = `Nous vous avons remboursé ${money(note.amount_cents)} sur votre commande n° ${orderReference(note.order_id)} (facture ${note.invoice_number}).`;
  const heading = `Avoir ${note.number} du ${formatDate(note.created_at)}`;
  const access = 'L’accès aux contenus remboursés est retiré de votre bibliothèque.';
  const download = `Votre avoir ${note.number} se télécharge depuis vos commandes (bouton « Avoir ») :`;
  const amounts = {
    lines: note.lines.map((line) => ({ label: productLabel(line), quantity: line.quantity, amountCents: line.amount_cents })),
    totalLabel: 'Total remboursé',
    totalCents: note.amount_cents,
    money,
  };
  const text = [
    greeting,
    '',
    intro,
    '',
    heading,
    ...amountListText(amounts),
    `Motif : ${note.reason}`,
    '',
    access,
    `${download} ${ordersUrl}`,
    '',
    ...signOffLines,
  ].join('\n');
  const html = mailPage(`<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<h1 style="font-size:18px">${escapeHtml(heading)}</h1>
${amountListHtml(amounts)}
<p>Motif : ${escapeHtml(note.reason)}</p>
<p>${escapeHtml(access)}</p>
<p>Votre avoir ${escapeHtml(note.number)} se télécharge depuis <a href="${escapeHtml(ordersUrl)}">vos commandes</a> (bouton « Avoir »).</p>
${signOffHtml}`);
  return { to: note.email, subject: `Votre remboursement : avoir ${note.number}`, text, html };
}

/**
 * Mails the credit note to its buyer unless it was mailed already; never throws (the refund is
 * recorded either way), only logs. Resolves to whether this call asked the provider to send it.
 */
export async function mailCreditNote(service: SupabaseClient, creditNoteId: string): Promise<boolean> {
  try {
    const mailer = mailFromEnv();
    const { data, error } = await service.rpc('credit_note_mail', { p_credit_note_id: creditNoteId });
    if (error) throw new Error(`credit_note_mail(${creditNoteId}): ${error.message}`);
    if (data === null) return false;
    const note = data as CreditNoteToMail;
    await mailer.send({ ...creditNoteMail(note, requireEnv('SITE_URL').replace(/\/+$/, '')), idempotencyKey: `credit-note/${note.id}` });
    const { error: markError } = await service.rpc('mark_credit_note_mailed', { p_credit_note_id: note.id });
    if (markError) throw new Error(`marking credit note ${note.id} mailed: ${markError.message}`);
    return true;
  } catch (error) {
    const cause = error instanceof MailError ? `${error.failure}: ${error.message}` : error;
    console.error(`e-mail of credit note ${creditNoteId} not sent; send-confirmations tries again`, cause);
    return false;
  }
}
