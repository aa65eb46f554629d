// invoice-pdf: the invoice of one order as a PDF download, for the order's buyer or an
// administrator. The database decides (invoice_document, asked as the caller): another customer's
// order or a made-up one is 404 « Facture introuvable »; while the seller's identity misses a
// required mention, 409 « Facture indisponible » naming what the administrator must fill in. The
// document is the order as recorded, with the number record_order gave it: every call for the
// same order yields the same number, figures and bytes. The buyer's consent to immediate access
// and the accepted CGV version are restated under the totals. `{ credit_note_id }` answers a
// credit note (« avoir », credit_note_document) the same way: the invoice it corrects, its own
// number, date, reason, lines and total, « Avoir AV-2026-000003.pdf ». The seller's identity is
// frozen on the order when its invoice is first issued (`orders.invoice_seller`): a later change
// in Paramètres shows on invoices issued after it, never on one already issued. Numbers
// (`FA-<year>-<six digits>`, a counter per Paris calendar year) come from record_order.
import { limitBody } from '../_shared/body-limit.ts';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, readJson } from '../_shared/errors.ts';
import { consentStatement, readOrderConsent } from '../_shared/order-consent.ts';
import { InvoicePdfBody, parseBody } from '../_shared/schemas.ts';
import { requireUser } from '../_shared/caller.ts';
import { callerClient, requireEnv } from '../_shared/supabase.ts';
import type { InvoiceDocument } from './invoice-figures.ts';
import { documentName, renderInvoice } from './render-invoice.ts';

/** The mentions invoice_document names as missing, as the Paramètres form labels them. */
const mentionLabels: Record<string, string> = {
  legal_name: 'raison sociale',
  address: 'adresse',
  siret: 'SIRET ou SIREN',
  vat_regime: 'régime de TVA',
  vat_number: 'numéro de TVA intracommunautaire',
  vat_rate_basis_points: 'taux de TVA',
  contact_email: 'e-mail de contact',
};

function refusal(error: { code?: string; message: string; details?: string | null; hint?: string | null }): HttpError | null {
  if (error.code === 'PT404') {
    return new HttpError(404, 'invoice_not_found', 'Facture introuvable', { detail: error.details ?? undefined });
  }
  if (error.code === 'PT409') {
    const missing = (error.hint ?? '').split(',').filter(Boolean).map((field) => mentionLabels[field] ?? field);
    return new HttpError(409, 'seller_settings_incomplete', 'Facture indisponible', {
      detail: `Les mentions légales du vendeur sont incomplètes (à renseigner : ${missing.join(', ')}). L'administrateur doit les compléter dans Administration › Paramètres.`,
    });
  }
  return null;
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    await requireUser(request);
    const body = parseBody(InvoicePdfBody, await readJson(request));

    const [rpc, args] = 'order_id' in body ? ['invoice_document', { p_order_id: body.order_id }] : ['credit_note_document', { p_credit_note_id: body.credit_note_id }];
    const { data, error } = await caller.rpc(rpc, args);
    if (error) throw refusal(error) ?? new Error(`${rpc}(${JSON.stringify(args)}): ${error.message}`);
    const document = data as InvoiceDocument;

    // The consent, read as the caller too: invoice_document has just shown them the order.
    const consent = document.credit_note ? null : await readOrderConsent(caller, document.order_id);
    const pdf = await renderInvoice(document, consent && consentStatement(consent, requireEnv('SITE_URL')));
    const fileName = `${documentName(document)}.pdf`;
    return new Response(pdf, {
      headers: {
        ...corsHeaders,
        'Access-Control-Expose-Headers': 'Content-Disposition',
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}));
