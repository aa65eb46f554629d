// What an invoice says in figures, from the order as recorded (invoice_document): each line's
// total, the order's total as paid, and under the VAT regime its breakdown. Prices are the
// catalogue's, VAT included; the VAT is taken out of the total once (not line by line), so the
// excluding-VAT amount and the VAT always add up to what the buyer paid.

export interface InvoiceDocument {
  invoice_number: string;
  order_id: string;
  issued_at: string;
  paid_at: string;
  currency: string;
  total_amount_cents: number;
  /** The buyer's account; once it is erased, the name kept on the order and no e-mail. */
  buyer: { email: string | null; full_name: string | null };
  seller: {
    legal_name: string;
    legal_form: string | null;
    address: string;
    siret: string;
    vat_regime: 'franchise' | 'vat';
    vat_number: string | null;
    vat_rate_basis_points: number | null;
    contact_email: string;
  };
  lines: { product_title: string; variant_title: string | null; quantity: number; unit_price_cents: number }[];
  /**
   * Set for a credit note (« avoir », credit_note_document): its own number, date and reason; the
   * lines and total are then what it refunds, and `invoice_number` / `issued_at` the invoice it corrects.
   */
  credit_note?: { number: string; issued_at: string; reason: string };
}

export interface InvoiceLine {
  title: string;
  variant: string | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  totalCents: number;
  /** Null under the franchise (no VAT charged, art. 293 B du CGI). */
  vat: { rateBasisPoints: number; netCents: number; vatCents: number } | null;
}

export function invoiceFigures(document: InvoiceDocument): InvoiceFigures {
  const lines = document.lines.map((line) => ({
    title: line.product_title,
    variant: line.variant_title,
    quantity: line.quantity,
    unitCents: line.unit_price_cents,
    totalCents: line.unit_price_cents * line.quantity,
  }));
  const totalCents = document.total_amount_cents;
  const rate = document.seller.vat_regime === 'vat' ? document.seller.vat_rate_basis_points : null;
  if (rate === null) return { lines, totalCents, vat: null };
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rate));
  return { lines, totalCents, vat: { rateBasisPoints: rate, netCents, vatCents: totalCents - netCents } };
}

/** `2000` → `20 %`, `550` → `5,5 %`. */
export function formatRate(basisPoints: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(basisPoints / 100)}\u00a0%`;
}
