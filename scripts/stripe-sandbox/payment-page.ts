// The hosted Checkout page (a session's `url`), in French as the shop's pages are: the lines and
// the total in euros as the shop writes them (« 29,00 € »), the e-mail (the session's
// `customer_email` filled in and fixed, as Stripe shows it), the terms to accept when the session
// asks for them, and real form buttons: pay by card, pay by SEPA Direct Debit (when the session
// takes it), a declined card, and a link back to the shop (`cancel_url`). Works with the keyboard
// alone. No card number is typed: the double is offline and charges Stripe's test card and IBAN.
import { escapeHtml } from '../lib/html.ts';
import type { SessionRecord } from './state.ts';

const styles = `
body{margin:0;font-family:system-ui,'DejaVu Sans',sans-serif;background:#f6f3fb;color:#1b1029;display:flex;justify-content:center;padding:2rem 1rem}
main{max-width:36rem;width:100%;background:#fff;border:1px solid #d9cfe8;border-radius:1rem;padding:2rem}
h1{font-size:1.4rem;margin:0 0 .25rem}p.sub{margin:0 0 1.5rem;color:#4a3d5c}
table{width:100%;border-collapse:collapse;margin-bottom:1rem}th,td{padding:.5rem 0;text-align:left;border-bottom:1px solid #e8e1f2}
td.num,th.num{text-align:right}tfoot td{font-weight:bold;border:0;padding-top:1rem}
label{display:block;margin:.75rem 0 .25rem}input[type=email]{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border-radius:.5rem;border:1px solid #8a7aa3}
.terms{display:flex;gap:.5rem;align-items:flex-start}.terms label{margin:0}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}
button{font:inherit;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer;border:1px solid #5b3d8a}
button.pay{background:#5b3d8a;color:#fff;font-weight:bold}button.secondary{background:#fff;color:#1b1029}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #c99a3b;outline-offset:2px}
a{color:#5b3d8a}.back{display:inline-block;margin-top:1.25rem}
.alert{background:#fdecef;border:1px solid #c23a55;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1rem}
.notice{background:#eef7f0;border:1px solid #3f8f58;border-radius:.5rem;padding:.75rem 1rem}`;

/** The page's headers: no script, no outside resource, never cached, never framed. */
export const paymentPageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in the smallest unit as the shop writes prices: fr-FR, the symbol after (« 29,00 € »). */
function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: code });
    formats.set(code, format);
  }
  return format.format(amount / 100);
}

export interface PageForm {
  /** What the customer typed, kept when the page comes back. */
  email?: string;
  /** Why the last submission was refused, shown above the form. */
  problem?: 'email' | 'terms';
}

const problems = {
  email: 'Veuillez indiquer une adresse e-mail valide pour recevoir votre reçu.',
  terms: 'Veuillez accepter les conditions générales de vente pour payer.',
};

export function paymentPage({ session, lineItems, declined }: SessionRecord, form: PageForm = {}): string {
  const currency = session.currency ?? 'eur';
  const rows = lineItems
    .map((line) => {
      const unit = line.price?.unit_amount ?? 0;
      return `<tr><td>${escapeHtml(line.description ?? '')}</td><td class="num">${line.quantity ?? 1}</td><td class="num">${formatAmount(unit, currency)}</td><td class="num">${formatAmount(line.amount_total, currency)}</td></tr>`;
    })
    .join('');
  const alert =
    form.problem ? `<p class="alert" role="alert" id="form-problem">${problems[form.problem]}</p>`
    : declined ? '<p class="alert" role="alert">Votre carte a été refusée. Essayez une autre carte ou un autre moyen de paiement.</p>'
    : '';
  const fixedEmail = session.customer_email;
  const email = fixedEmail ?? form.email ?? '';
  const emailField = `<label for="email">Adresse e-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${fixedEmail ? ' readonly' : ' autofocus'}${form.problem === 'email' ? ' aria-invalid="true" aria-describedby="form-problem"' : ''}>`;
  const terms =
    session.consent_collection?.terms_of_service === 'required'
      ? `<p class="terms"><input id="terms" name="terms" type="checkbox" value="accepted" required${form.problem === 'terms' ? ' aria-invalid="true" aria-describedby="form-problem"' : ''}><label for="terms">J’accepte les conditions générales de vente de Lumière Sacrée.</label></p>`
      : '';
  const sepa = session.payment_method_types.includes('sepa_debit')
    ? '<button class="secondary" type="submit" name="choice" value="sepa_debit">Payer par prélèvement SEPA (IBAN de test FR14 2004 1010 0505 0001 3M02 606)</button>'
    : '';
  const back = session.cancel_url ? `<a class="back" href="${escapeHtml(session.cancel_url)}">← Retour à la boutique</a>` : '';
  return layout(
    'Paiement — Lumière Sacrée',
    `<h1>Paiement à Lumière Sacrée</h1><p class="sub">Environnement de test Stripe : aucun paiement réel n’est effectué.</p>${alert}
<table><caption class="sub" style="text-align:left">Votre commande</caption><thead><tr><th scope="col">Article</th><th scope="col" class="num">Qté</th><th scope="col" class="num">Prix unitaire</th><th scope="col" class="num">Montant</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><td colspan="3">Total à payer</td><td class="num">${formatAmount(session.amount_total ?? 0, currency)}</td></tr></tfoot></table>
<form method="post">${emailField}${terms}
<div class="actions">
<button class="pay" type="submit" name="choice" value="card">Payer par carte (carte de test 4242 4242 4242 4242)</button>
${sepa}
<button class="secondary" type="submit" name="choice" value="card_declined">Payer avec une carte refusée (carte de test 4000 0000 0000 0002)</button>
</div>
</form>${back}`,
  );
}

/** A session that can no longer be paid: paid, being debited, or expired. */
export function closedPage({ session }: SessionRecord): string {
  const message =
    session.status === 'expired' ? 'Cette session de paiement a expiré. Retournez sur la boutique pour recommencer votre commande.'
    : session.payment_status === 'paid' ? 'Ce paiement a déjà été effectué. Merci pour votre commande.'
    : 'Votre prélèvement SEPA est en cours de traitement : la boutique vous confirmera son encaissement.';
  return layout('Paiement indisponible — Lumière Sacrée', `<h1>Paiement indisponible</h1><p class="notice" role="status">${message}</p>`);
}

export function unknownSessionPage(): string {
  return layout('Session inconnue — Lumière Sacrée', '<h1>Session de paiement inconnue</h1><p class="notice" role="status">Ce lien de paiement n’existe pas.</p>');
}
