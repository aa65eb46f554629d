// What the shop's e-mails share: the page they are laid out on, the buyer mails' sign-off, and the
// lines of an order or a credit note with their amounts, in text and in HTML.
import { escapeHtml } from './html.ts';

/** An HTML mail: the shop's serif page, 560 px wide, around `body` (already escaped HTML). */
export const mailPage = (body: string) =>
  `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2d1b3d;max-width:560px;margin:0 auto">
${body}
</body></html>`;

/** A buyer mail's last lines, as text. */
export const signOffLines = ['Que la lumière vous accompagne,', "L'équipe Lumière Sacrée"];

/** A buyer mail's last paragraph, as HTML. */
export const signOffHtml = `<p>${signOffLines.join('<br>')}</p>`;

/** A product bought (or refunded), its variant after it: « Méditation (MP3) ». */
export const productLabel = (line: { product_title: string; variant_title: string | null }) =>
  line.variant_title ? `${line.product_title} (${line.variant_title})` : line.product_title;

export interface AmountLine {
  label: string;
  quantity: number;
  amountCents: number;
}

export interface AmountList {
  lines: AmountLine[];
  /** « Total », « Total remboursé ». */
  totalLabel: string;
  totalCents: number;
  /** Formats cents in the document's currency. */
  money(cents: number): string;
}

/** The lines and their total, one line of text each. */
export const amountListText = ({ lines, totalLabel, totalCents, money }: AmountList) => [
  ...lines.map((line) => `- ${line.label} × ${line.quantity} : ${money(line.amountCents)}`),
  `${totalLabel} : ${money(totalCents)}`,
];

/** The lines and their total, as a table with the amounts on the right. */
export function amountListHtml({ lines, totalLabel, totalCents, money }: AmountList): string {
  const cell = 'padding:8px 0;border-bottom:1px solid #eee';
  return `<table style="width:100%;border-collapse:collapse">
${lines.map((line) => `<tr><td style="${cell}">${escapeHtml(line.label)} × ${line.quantity}</td><td style="${cell};text-align:right">${escapeHtml(money(line.amountCents))}</td></tr>`).join('\n')}
<tr><td style="padding:8px 0"><strong>${escapeHtml(totalLabel)}</strong></td><td style="padding:8px 0;text-align:right"><strong>${escapeHtml(money(totalCents))}</strong></td></tr>
</table>`;
}
