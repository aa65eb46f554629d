// The hosted payment page, in French: the lines and total, the buyer's e-mail (which the order
// keeps, as Hostinger's checkout asks it), and three real form buttons (pay, simulate a refusal,
// cancel). Works with the keyboard alone.
import { escapeHtml } from '../lib/html.ts';
import { formatEuros as euros } from './catalogue.ts';
import type { Session, SessionStatus } from './state.ts';

const styles = `
body{margin:0;font-family:Georgia,'DejaVu Serif',serif;background:#1b1029;color:#fff6e0;display:flex;justify-content:center;padding:2rem 1rem}
main{max-width:36rem;width:100%;background:#2a1a40;border:1px solid #c99a3b55;border-radius:1rem;padding:2rem}
h1{font-size:1.5rem;margin:0 0 .25rem}p.sub{margin:0 0 1.5rem;color:#e8d9b8}
table{width:100%;border-collapse:collapse;margin-bottom:1rem}th,td{padding:.5rem 0;text-align:left;border-bottom:1px solid #ffffff22}
td.num,th.num{text-align:right}tfoot td{font-weight:bold;border:0;padding-top:1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer;border:1px solid #c99a3b}
button.pay{background:#c99a3b;color:#1b1029;font-weight:bold}button.secondary{background:transparent;color:#fff6e0}
button:focus-visible{outline:3px solid #fff6e0;outline-offset:2px}
label{display:block;margin-bottom:.25rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border-radius:.5rem;border:1px solid #c99a3b;background:#1b1029;color:#fff6e0}
input:focus-visible{outline:3px solid #fff6e0;outline-offset:2px}
.alert{background:#5b1a2a;border:1px solid #ff8a8a;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1rem}
.notice{background:#1f3a2a;border:1px solid #8ad4a0;border-radius:.5rem;padding:.75rem 1rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

export interface PaymentForm {
  /** What the buyer typed, kept when the page comes back. */
  email?: string;
  /** The buyer pressed « Payer » without a usable e-mail. */
  missingEmail?: boolean;
}

export function paymentPage(session: Session, form: PaymentForm = {}): string {
  const rows = session.line_items
    .map((l) => `<tr><td>${escapeHtml(l.product_title)}<br><small>${escapeHtml(l.variant_title)}</small></td><td class="num">${l.quantity}</td><td class="num">${euros(l.unit_price_cents)}</td><td class="num">${euros(l.unit_price_cents * l.quantity)}</td></tr>`)
    .join('');
  const refused = session.refused
    ? '<p class="alert" role="alert">Paiement refusé par la banque. Vous pouvez réessayer ou annuler.</p>'
    : '';
  const emailError = form.missingEmail ? '<p class="alert" role="alert" id="email-error">Veuillez indiquer une adresse e-mail valide pour recevoir votre reçu.</p>' : '';
  return layout(
    'Paiement sécurisé — Lumière Sacrée',
    `<h1>Paiement sécurisé</h1><p class="sub">Lumière Sacrée — environnement de démonstration, aucune carte n'est débitée.</p>${refused}
<table><caption class="sub" style="text-align:left">Votre commande</caption><thead><tr><th scope="col">Article</th><th scope="col" class="num">Qté</th><th scope="col" class="num">Prix unitaire</th><th scope="col" class="num">Montant</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><td colspan="3">Total</td><td class="num">${euros(session.total_cents)}</td></tr></tfoot></table>
<form method="post">${emailError}
<label for="email">Adresse e-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(form.email ?? '')}"${form.missingEmail ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">Payer</button>
<button class="secondary" type="submit" name="action" value="refuse" formnovalidate>Simuler un refus</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Annuler</button>
</div>
</form>`,
  );
}

const closedMessages: Record<Exclude<SessionStatus, 'open'>, string> = {
  paid: 'Cette commande a déjà été payée.',
  canceled: 'Ce paiement a été annulé.',
  expired: 'Cette session de paiement a expiré. Veuillez recommencer votre commande depuis la boutique.',
};

export function closedPage(status: Exclude<SessionStatus, 'open'>): string {
  return layout('Paiement indisponible — Lumière Sacrée', `<h1>Paiement indisponible</h1><p class="notice" role="status">${closedMessages[status]}</p>`);
}

export function stockGonePage(): string {
  return layout('Stock insuffisant — Lumière Sacrée', '<h1>Stock insuffisant</h1><p class="alert" role="alert">Un article de votre commande n’est plus disponible en quantité suffisante. Aucun paiement n’a été effectué.</p>');
}

export function notFoundPage(): string {
  return layout('Session inconnue — Lumière Sacrée', '<h1>Session de paiement inconnue</h1><p class="notice" role="status">Ce lien de paiement n’existe pas.</p>');
}
