// The buyer's confirmation e-mail, sent once per order: by record-order as soon as it records the
// order (the buyer is on /success), and otherwise by the scheduled send-confirmations (orders the
// reconciliation recorded, a send that failed), both through confirmOrder. Two guards, because
// they race: the order's `confirmation_sent_at` (set once the provider accepted the mail) stops
// every later call before it builds a mail, and the idempotency key `order-confirmation/<order
// id>` makes the provider send calls that raced past the marker only once (they build the same
// message from the same recorded order, which is what the provider requires of a retry). A failed
// send leaves the marker unset: the order stands, and send-confirmations tries again a minute later.
import type { SupabaseClient } from '@supabase/supabase-js';
import { formatAmount, formatDate, orderReference } from './french-format.ts';
import { escapeHtml } from './html.ts';
import { MailError, mailFromEnv } from './mail.ts';
import { amountListHtml, amountListText, mailPage, productLabel, signOffHtml, signOffLines } from './mail-layout.ts';
import { consentStatement, type OrderConsent } from './order-consent.ts';
import { requireEnv } from './supabase.ts';

/** What `order_confirmation(order id)` returns: the order as recorded, with its buyer. */
export interface OrderToConfirm {
  id: string;
  created_at: string;
  invoice_number: string;
  total_amount_cents: number;
  currency: string;
  email: string;
  full_name: string | null;
  /** In a fixed order (title, variant, id), so every racing caller builds the same mail. */
  lines: { product_title: string; variant_title: string | null; quantity: number; price_per_item_cents: number }[];
  /** The consent the order keeps, restated in the mail; null for an order from before consent was asked. */
  consent: OrderConsent | null;
}

export interface ConfirmationMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The French confirmation of one recorded order: a pure function of the order, so every racing caller builds the same one. */
export function confirmationMail(order: OrderToConfirm, siteUrl: string): ConfirmationMail {
  const reference = orderReference(order.id);
  const libraryUrl = `${siteUrl}/dashboard/library`;
  const ordersUrl = `${siteUrl}/dashboard/orders`;
  const greeting = order.full_name ? `Bonjour ${order.full_name},` : 'Bonjour,';
  const intro = 'Merci pour votre commande sur Lumière Sacrée. Votre paiement a bien été reçu.';
  const heading = `Commande n° ${reference} du ${formatDate(order.created_at)} · facture ${order.invoice_number}`;
  const consent = order.consent ? consentStatement(order.consent, siteUrl) : null;
  const amounts = {
    lines: order.lines.map((line) => ({ label: productLabel(line), quantity: line.quantity, amountCents: line.price_per_item_cents * line.quantity })),
    totalLabel: 'Total',
    totalCents: order.total_amount_cents,
    money: (cents: number) => formatAmount(cents, order.currency),
  };

  const text = [
    greeting,
    '',
    intro,
    '',
    heading,
    ...amountListText(amounts),
    '',
    `Vos contenus vous attendent dans votre bibliothèque : ${libraryUrl}`,
    `Votre facture ${order.invoice_number} se télécharge depuis vos commandes (bouton « Facture ») : ${ordersUrl}`,
    '',
    ...(consent ? [consent.heading, ...consent.sentences.map((sentence) => `« ${sentence} »`), `${consent.cgv} ${consent.url}`, ''] : []),
    ...signOffLines,
  ].join('\n');

  const html = mailPage(`<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<h1 style="font-size:18px">${escapeHtml(heading)}</h1>
${amountListHtml(amounts)}
<p>Vos contenus vous attendent dans <a href="${escapeHtml(libraryUrl)}">votre bibliothèque</a>.</p>
<p>Votre facture ${escapeHtml(order.invoice_number)} se télécharge depuis <a href="${escapeHtml(ordersUrl)}">vos commandes</a> (bouton « Facture »).</p>
${consent ? `<p style="font-size:14px">${escapeHtml(consent.heading)}</p>
<ul style="font-size:14px">${consent.sentences.map((sentence) => `<li>« ${escapeHtml(sentence)} »</li>`).join('')}</ul>
<p style="font-size:14px">${escapeHtml(consent.cgv)} <a href="${escapeHtml(consent.url)}">${escapeHtml(consent.url)}</a></p>
` : ''}${signOffHtml}`);

  return { to: order.email, subject: `Votre commande n° ${reference} est confirmée`, text, html };
}

/** The order's confirmation to send, or null when it was sent already. */
async function orderToConfirm(service: SupabaseClient, orderId: string): Promise<OrderToConfirm | null> {
  const { data, error } = await service.rpc('order_confirmation', { p_order_id: orderId });
  if (error) throw new Error(`order_confirmation(${orderId}): ${error.message}`);
  return data as OrderToConfirm | null;
}

/**
 * Sends the order's confirmation unless it was sent already; never throws (the order is recorded
 * either way), only logs. Resolves to whether this call asked the provider to send it. `known`:
 * what order_confirmation() returned for it moments ago (record_paid_order() returns it with the
 * order), which spares reading it again.
 */
export async function confirmOrder(service: SupabaseClient, orderId: string, known?: OrderToConfirm | null): Promise<boolean> {
  try {
    const mailer = mailFromEnv();
    const order = known === undefined ? await orderToConfirm(service, orderId) : known;
    if (!order) return false;
    const mail = confirmationMail(order, requireEnv('SITE_URL').replace(/\/+$/, ''));
    await mailer.send({ ...mail, idempotencyKey: `order-confirmation/${order.id}` });
    const { error } = await service.from('orders').update({ confirmation_sent_at: new Date().toISOString() }).eq('id', order.id).is('confirmation_sent_at', null);
    if (error) throw new Error(`marking order ${order.id} confirmed: ${error.message}`);
    return true;
  } catch (error) {
    const cause = error instanceof MailError ? `${error.failure}: ${error.message}` : error;
    console.error(`confirmation e-mail of order ${orderId} not sent; send-confirmations tries again`, cause);
    return false;
  }
}
