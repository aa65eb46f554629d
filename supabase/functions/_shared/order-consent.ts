// The buyer's consent as the order keeps it (CGV version, wording, time; copied from the checkout
// session by record_order), restated on a durable medium as Code de la consommation L221-13
// requires: the confirmation e-mail and the invoice both print consentStatement().
import type { SupabaseClient } from '@supabase/supabase-js';
import { formatDateTime } from './french-format.ts';

export interface OrderConsent {
  cgv_version: number;
  consent_text: string;
  consented_at: string;
}

/**
 * The order's consent as `client` may read it (the buyer or an administrator under RLS, or the
 * service role); null for an order recorded before consent was asked (`consent_required` false).
 */
export async function readOrderConsent(client: SupabaseClient, orderId: string): Promise<OrderConsent | null> {
  const { data, error } = await client.from('orders').select('cgv_version, consent_text, consented_at').eq('id', orderId).maybeSingle();
  if (error) throw new Error(`reading the consent of order ${orderId}: ${error.message}`);
  if (!data || data.cgv_version === null) return null;
  return data as OrderConsent;
}

/** The accepted CGV version's page on the shop. */
export const cgvUrl = (siteUrl: string, version: number) => `${siteUrl.replace(/\/+$/, '')}/cgv?version=${version}`;

/** What the mail and the invoice say of the consent: a heading, the sentences ticked, the CGV's link. */
export function consentStatement(consent: OrderConsent, siteUrl: string): { heading: string; sentences: string[]; cgv: string; url: string } {
  return {
    heading: `Votre consentement, donné le ${formatDateTime(consent.consented_at)} (heure de Paris) avant le paiement :`,
    sentences: consent.consent_text.split('\n').filter((sentence) => sentence.trim() !== ''),
    cgv: `Conditions générales de vente acceptées (version ${consent.cgv_version}) :`,
    url: cgvUrl(siteUrl, consent.cgv_version),
  };
}
