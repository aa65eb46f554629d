// What the administrators' notifications say, in French: a pure function of what the database
// returns for them (`admin_notification_contents`), so a retried send builds the same mail. One
// mail per notification when sent at once (a conversation's mail gathers its lines), one mail per
// administrator for a daily digest. Each links straight to the message, the conversation or the
// order in the admin area, and to the settings where the administrator chooses what they receive.
import { formatAmount, formatDateTime, orderReference } from '../_shared/french-format.ts';
import { escapeHtml } from '../_shared/html.ts';
import { mailPage } from '../_shared/mail-layout.ts';

interface ContactDetails {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

interface ChatDetails {
  customer_id: string;
  name: string | null;
  /** The conversation's lines of its quarter of an hour, oldest first (the last ten). */
  lines: string[];
}

interface OrderDetails {
  id: string;
  user_id: string | null;
  invoice_number: string;
  total_amount_cents: number;
  currency: string;
  buyer: string | null;
}

interface Common {
  id: string;
  recipient_email: string;
  delivery: 'immediate' | 'digest';
  event_at: string;
  line_count: number;
}

/** One row of `admin_notification_contents`; `details` is null when what it was about is gone. */
export type NotificationContent = Common &
  ({ topic: 'contact'; details: ContactDetails | null } | { topic: 'chat'; details: ChatDetails | null } | { topic: 'order'; details: OrderDetails | null });

export interface NotificationMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail's content, rendered once as text and once as HTML. */
type Block = { paragraph: string } | { quote: string } | { heading: string } | { link: string; url: string };

/** A contact message's body is quoted up to this length; the rest is read in the admin area. */
const quotedMessageLength = 1500;

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length).trimEnd()}…` : text);
const customerName = (details: ChatDetails) => details.name?.trim() || 'Un client';
const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** Where each notification leads in the admin area. */
export function adminLink(content: NotificationContent, siteUrl: string): string {
  if (content.topic === 'contact') return `${siteUrl}/admin/messages#contact-${content.details?.id ?? ''}`;
  if (content.topic === 'chat') return `${siteUrl}/admin/conversations/${content.details?.customer_id ?? ''}`;
  // An order is shown in its buyer's account; an erased buyer's order, in the users page.
  return content.details?.user_id ? `${siteUrl}/admin/users?compte=${content.details.user_id}` : `${siteUrl}/admin/users`;
}

function render(to: string, subject: string, blocks: Block[], siteUrl: string): NotificationMail {
  const footer = 'Vous recevez cet e-mail parce que vous administrez Lumière Sacrée.';
  const settings = { link: 'Choisir les notifications que vous recevez (Administration › Paramètres › Notifications)', url: `${siteUrl}/admin/settings/notifications` };
  const all: Block[] = [{ paragraph: 'Bonjour,' }, ...blocks, { paragraph: 'Que la lumière vous accompagne,\nLumière Sacrée' }];
  const text = [
    ...all.map((block) =>
      'paragraph' in block ? block.paragraph : 'heading' in block ? `== ${block.heading} ==` : 'quote' in block ? block.quote.split('\n').map((line) => `> ${line}`).join('\n') : `${block.link} : ${block.url}`,
    ),
    '--',
    footer,
    `${settings.link} : ${settings.url}`,
  ].join('\n\n');
  const htmlBlock = (block: Block) =>
    'paragraph' in block
      ? `<p>${escapeHtml(block.paragraph).replaceAll('\n', '<br>')}</p>`
      : 'heading' in block
        ? `<h2 style="font-size:17px;margin-top:24px">${escapeHtml(block.heading)}</h2>`
        : 'quote' in block
          ? `<blockquote style="margin:0 0 12px;padding:8px 14px;border-left:3px solid #c9a227;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`
          : `<p><a href="${escapeHtml(block.url)}">${escapeHtml(block.link)}</a></p>`;
  const html = mailPage(`${all.map(htmlBlock).join('\n')}
<hr style="border:none;border-top:1px solid #eee">
<p style="font-size:13px;color:#6b5b7b">${escapeHtml(footer)} <a href="${escapeHtml(settings.url)}">${escapeHtml(settings.link)}</a></p>`);
  return { to, subject, text, html };
}

/** The blocks that tell of one notification, in a mail of its own or in a digest. */
function about(content: NotificationContent, siteUrl: string, inDigest: boolean): Block[] {
  const link = adminLink(content, siteUrl);
  const when = formatDateTime(content.event_at);
  if (content.topic === 'contact') {
    const message = content.details;
    if (!message) return [{ paragraph: `Un message de contact du ${when}, supprimé depuis.` }];
    return [
      { paragraph: `${message.name} (${message.email}) vous a écrit depuis le formulaire de contact le ${when}.` },
      { paragraph: `Objet : ${message.subject}` },
      { quote: inDigest ? clip(message.message, 300) : clip(message.message, quotedMessageLength) },
      { link: 'Lire le message et y répondre', url: link },
    ];
  }
  if (content.topic === 'chat') {
    const chat = content.details;
    if (!chat) return [{ paragraph: `Une conversation du ${when}, dont le compte a été supprimé depuis.` }];
    const count = plural(content.line_count, 'message', 'messages');
    const shown = inDigest ? chat.lines.slice(-3) : chat.lines;
    return [
      { paragraph: `${customerName(chat)} vous a écrit dans la messagerie le ${when} (${count}) :` },
      ...shown.map((line) => ({ quote: clip(line, 600) })),
      ...(content.line_count > shown.length ? [{ paragraph: `… et ${plural(content.line_count - shown.length, 'autre message', 'autres messages')} dans la conversation.` }] : []),
      { link: 'Ouvrir la conversation', url: link },
    ];
  }
  const order = content.details;
  if (!order) return [{ paragraph: `Une commande du ${when}, supprimée depuis.` }];
  return [
    { paragraph: `${order.buyer?.trim() || 'Un client'} a passé commande le ${when} : commande n° ${orderReference(order.id)}, facture ${order.invoice_number}, ${formatAmount(order.total_amount_cents, order.currency)}.` },
    { link: 'Voir la commande', url: link },
  ];
}

/** The mail of one notification sent at once. */
export function immediateMail(content: NotificationContent, siteUrl: string): NotificationMail {
  let subject: string;
  if (content.topic === 'contact') subject = content.details ? `Nouveau message de contact : ${clip(content.details.subject, 120)}` : 'Nouveau message de contact';
  else if (content.topic === 'chat') subject = content.details ? `Nouvelle conversation : ${customerName(content.details)} vous a écrit` : 'Nouvelle conversation';
  else subject = content.details ? `Nouvelle commande ${content.details.invoice_number} (${formatAmount(content.details.total_amount_cents, content.details.currency)})` : 'Nouvelle commande';
  const blocks = about(content, siteUrl, false);
  if (content.topic === 'chat') {
    blocks.push({ paragraph: "Les messages qui suivront dans le quart d'heure rejoindront cette conversation sans nouvel e-mail." });
  }
  return render(content.recipient_email, subject, blocks, siteUrl);
}

const digestSections: { topic: NotificationContent['topic']; heading: (count: number) => string }[] = [
  { topic: 'contact', heading: (count) => plural(count, 'message de contact', 'messages de contact') },
  { topic: 'chat', heading: (count) => plural(count, 'conversation', 'conversations') },
  { topic: 'order', heading: (count) => plural(count, 'commande', 'commandes') },
];

/** One administrator's daily digest: everything of theirs due at their hour, by topic, oldest first. */
export function digestMail(contents: NotificationContent[], siteUrl: string): NotificationMail {
  const sorted = [...contents].sort((a, b) => a.event_at.localeCompare(b.event_at) || a.id.localeCompare(b.id));
  const blocks: Block[] = [{ paragraph: 'Voici ce qui est arrivé sur Lumière Sacrée depuis votre dernier résumé.' }];
  const summary: string[] = [];
  for (const section of digestSections) {
    const items = sorted.filter((content) => content.topic === section.topic);
    if (items.length === 0) continue;
    summary.push(section.heading(items.length));
    blocks.push({ heading: section.heading(items.length) }, ...items.flatMap((content) => about(content, siteUrl, true)));
  }
  return render(sorted[0]!.recipient_email, `Votre résumé du jour : ${summary.join(', ')}`, blocks, siteUrl);
}
