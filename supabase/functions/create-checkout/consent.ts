// The buyer's consent, checked before anything is priced or claimed (Code de la consommation
// L221-28 13°): both boxes ticked, on the CGV version in force (checked by the database's
// begin_checkout(), in the same call that claims the checkout). What the checkout session keeps is
// the database's wording (public.checkout_terms(), the same sentences the cart panel shows), the
// version and the time, never a text the browser sent. record_order copies them onto the order in
// its transaction, and a constraint refuses a checkout or an order without them (migration
// 20261127100200_checkout_consent.sql). The confirmation e-mail and the invoice PDF restate the
// consent and link the CGV version accepted, `/cgv?version=N` (_shared/order-consent.ts).
import type { z } from 'zod';
import { HttpError } from '../_shared/errors.ts';
import type { CheckoutConsent } from '../_shared/schemas.ts';

/** What `checkout_terms()` returns; `cgv_version` is null while no CGV is published. */
export interface CheckoutTerms {
  cgv_version: number | null;
  cgv_label: string;
  immediate_access_label: string;
}

/** The consent columns of `checkout_sessions`, copied onto the order by record_order. */
export interface RecordedConsent {
  cgv_version: number;
  consent_text: string;
  consented_at: string;
}

export const consentRefusals = {
  cgv_not_accepted: 'Veuillez accepter les conditions générales de vente pour finaliser votre commande.',
  immediate_access_not_requested:
    "Veuillez demander l'accès immédiat à vos contenus et reconnaître la perte de votre droit de rétractation pour finaliser votre commande.",
  cgv_changed: 'Les conditions générales de vente viennent d\'être mises à jour : veuillez relire la nouvelle version et cocher à nouveau la case.',
  cgv_unpublished: 'La boutique ne peut pas encore prendre de commande : ses conditions générales de vente ne sont pas publiées.',
} as const;

const refuse = (status: number, code: keyof typeof consentRefusals) =>
  new HttpError(status, code, `checkout refused: ${code}`, { detail: consentRefusals[code] });

/** Both boxes ticked, else 400; the CGV version is checked by the database (begin_checkout()). */
export function requireTickedBoxes(consent: z.infer<typeof CheckoutConsent> | null | undefined): z.infer<typeof CheckoutConsent> {
  if (consent?.acceptsCgv !== true) throw refuse(400, 'cgv_not_accepted');
  if (consent.requestsImmediateAccess !== true) throw refuse(400, 'immediate_access_not_requested');
  return consent;
}

/** begin_checkout()'s PT409 refusals (`cgv_unpublished`, `cgv_changed`) as the function answers them. */
export function versionRefusal(error: { code?: string; message: string }): HttpError | undefined {
  if (error.code !== 'PT409' || (error.message !== 'cgv_unpublished' && error.message !== 'cgv_changed')) return undefined;
  return refuse(409, error.message);
}

/** What the checkout session records of the consent, from the terms begin_checkout() returned. */
export function recordedConsent(terms: CheckoutTerms): RecordedConsent {
  return {
    cgv_version: terms.cgv_version!,
    consent_text: `${terms.cgv_label}\n${terms.immediate_access_label}`,
    consented_at: new Date().toISOString(),
  };
}
