// The invoice, or a credit note (« avoir ») correcting it, as an A4 PDF (pdf-lib, standard fonts: nothing to load): the seller's identity and
// the invoice's number and dates at the top, the buyer, a table of the lines that continues on
// further pages when long, the totals with the VAT breakdown or the franchise mention, the buyer's
// consent to immediate access with the accepted CGV's link (L221-13's durable medium), and the
// seller's legal line with the page number at the foot of every page. Deterministic: the same
// document gives the same bytes (the file's dates are the invoice's, not the time of the call).
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatAmount, formatDate, orderReference } from '../_shared/french-format.ts';
import type { consentStatement } from '../_shared/order-consent.ts';
import { formatRate, type InvoiceDocument, invoiceFigures, type InvoiceLine } from './invoice-figures.ts';

const franchiseMention = 'TVA non applicable, art. 293 B du CGI';

/** « Facture FA-2026-000042 » or « Avoir AV-2026-000003 »: the document's name on its pages and file. */
export const documentName = (document: InvoiceDocument) =>
  document.credit_note ? `Avoir ${document.credit_note.number}` : `Facture ${document.invoice_number}`;

const pageSize: [number, number] = [595.28, 841.89];
const margin = 50;
const right = pageSize[0] - margin;
const contentWidth = right - margin;
const footerTop = 70;
const sellerColumnWidth = 300;

const ink = rgb(0.13, 0.1, 0.16);
const muted = rgb(0.42, 0.4, 0.46);
const plum = rgb(0.29, 0.16, 0.37);
const gold = rgb(0.72, 0.56, 0.25);
const rule = rgb(0.86, 0.84, 0.88);
const band = rgb(0.96, 0.94, 0.97);
const white = rgb(1, 1, 1);

// Columns of the lines table: designation, quantity, unit price, line total (right edges for numbers).
const columns = { title: margin + 10, titleWidth: 270, quantity: margin + 330, unit: margin + 420, total: right - 10 };
const rowPadding = 7;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Characters the standard fonts (WinAnsi) cannot draw become '?', rather than failing the invoice. */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\u202f/g, '\u00a0')].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Splits `text` into lines no wider than `width`, breaking between words (inside a word too long for a line). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

class InvoiceWriter {
  private page!: PDFPage;
  private pages: PDFPage[] = [];
  y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {}

  newPage(): void {
    this.page = this.pdf.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin;
  }

  text(text: string, x: number, y: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; align?: 'left' | 'right' | 'center' } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? 9.5;
    const safe = drawable(font, text);
    const width = font.widthOfTextAtSize(safe, size);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.page.drawText(safe, { x: left, y, size, font, color: options.color ?? ink });
  }

  line(x1: number, y1: number, x2: number, y2: number, color = rule, thickness = 0.6): void {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, color, thickness });
  }

  box(x: number, y: number, width: number, height: number, color: ReturnType<typeof rgb>): void {
    this.page.drawRectangle({ x, y, width, height, color });
  }

  wrapped(text: string, size: number, width: number, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    return wrap(font, size, drawable(font, text), width);
  }

  /** The foot of every page: the seller's legal line and « Page n/N », once the page count is known. */
  footers(legalLine: string): void {
    this.pages.forEach((page, index) => {
      this.page = page;
      this.line(margin, footerTop - 12, right, footerTop - 12);
      const lines = this.wrapped(legalLine, 7.5, contentWidth - 60);
      lines.forEach((text, i) => this.text(text, margin, footerTop - 26 - i * 10, { size: 7.5, color: muted }));
      this.text(`Page ${index + 1}/${this.pages.length}`, right, footerTop - 26, { size: 7.5, color: muted, align: 'right' });
    });
  }
}

function sellerLegalLine(seller: InvoiceDocument['seller']): string {
  const parts = [seller.legal_name, seller.legal_form, seller.address.split('\n').map((l) => l.trim()).filter(Boolean).join(', '), `SIRET ${seller.siret}`];
  parts.push(seller.vat_regime === 'vat' && seller.vat_number ? `TVA ${seller.vat_number}` : franchiseMention);
  parts.push(seller.contact_email);
  return parts.filter(Boolean).join(' · ');
}

function drawHeading(w: InvoiceWriter, document: InvoiceDocument): void {
  const { seller } = document;
  // The seller, top left.
  let y = w.y - 6;
  // Beside « FACTURE », a long legal name wraps rather than running under it.
  for (const line of w.wrapped(seller.legal_name, 15, sellerColumnWidth, true)) {
    w.text(line, margin, y, { size: 15, bold: true, color: plum });
    y -= 18;
  }
  y += 2;
  const details = [
    ...(seller.legal_form ? [seller.legal_form] : []),
    ...seller.address.split('\n').map((l) => l.trim()).filter(Boolean),
    `SIRET : ${seller.siret}`,
    seller.vat_regime === 'vat' && seller.vat_number ? `N° TVA intracommunautaire : ${seller.vat_number}` : franchiseMention,
    seller.contact_email,
  ];
  for (const detail of details) {
    w.text(detail, margin, y, { size: 8.5, color: muted });
    y -= 11.5;
  }

  // The invoice's title, number and dates, top right.
  let metaY = w.y - 10;
  const note = document.credit_note;
  w.text(note ? 'AVOIR' : 'FACTURE', right, metaY, { size: 24, bold: true, color: plum, align: 'right' });
  metaY -= 24;
  const meta: [string, string][] = [
    ...(note
      ? ([
          ['N° d’avoir', note.number],
          ['Date d’avoir', formatDate(note.issued_at)],
          ['Facture corrigée', document.invoice_number],
        ] as [string, string][])
      : []),
    [note ? 'Du' : 'N° de facture', note ? formatDate(document.issued_at) : document.invoice_number],
    ...(note ? [] : ([['Date de facture', formatDate(document.issued_at)]] as [string, string][])),
    ['Commande', `n° ${orderReference(document.order_id)}`],
    ['Date de paiement', formatDate(document.paid_at)],
  ];
  for (const [label, value] of meta) {
    w.text(`${label} :`, right - 120, metaY, { size: 9, color: muted, align: 'right' });
    w.text(value, right, metaY, { size: 9, bold: true, align: 'right' });
    metaY -= 13;
  }

  // A gold rule under both blocks, then the buyer.
  y = Math.min(y, metaY) - 8;
  w.line(margin, y, right, y, gold, 1.2);
  y -= 26;
  w.text('FACTURÉ À', margin, y, { size: 8, bold: true, color: gold });
  y -= 15;
  if (document.buyer.full_name) {
    w.text(document.buyer.full_name, margin, y, { size: 11, bold: true });
    y -= 13;
  }
  if (document.buyer.email) {
    w.text(document.buyer.email, margin, y, { size: 9.5, color: document.buyer.full_name ? muted : ink, bold: !document.buyer.full_name });
  }
  w.y = y - 30;
}

function drawTableHeader(w: InvoiceWriter, taxIncluded: boolean): void {
  const height = 22;
  w.box(margin, w.y - height, contentWidth, height, plum);
  const baseline = w.y - 14.5;
  const suffix = taxIncluded ? ' TTC' : '';
  w.text('Désignation', columns.title, baseline, { size: 8.5, bold: true, color: white });
  w.text('Qté', columns.quantity, baseline, { size: 8.5, bold: true, color: white, align: 'right' });
  w.text(`Prix unitaire${suffix}`, columns.unit, baseline, { size: 8.5, bold: true, color: white, align: 'right' });
  w.text(`Montant${suffix}`, columns.total, baseline, { size: 8.5, bold: true, color: white, align: 'right' });
  w.y -= height;
}

function rowHeight(w: InvoiceWriter, line: InvoiceLine): { titleLines: string[]; height: number } {
  const titleLines = w.wrapped(line.title, 9.5, columns.titleWidth, true);
  const height = rowPadding * 2 + titleLines.length * 12 + (line.variant ? 11 : 0);
  return { titleLines, height };
}

function drawRow(w: InvoiceWriter, line: InvoiceLine, titleLines: string[], height: number, money: (cents: number) => string): void {
  let y = w.y - rowPadding - 9;
  titleLines.forEach((text) => {
    w.text(text, columns.title, y, { size: 9.5, bold: true });
    y -= 12;
  });
  if (line.variant) w.text(line.variant, columns.title, y + 1, { size: 8.5, color: muted });
  const numbersY = w.y - rowPadding - 9;
  w.text(String(line.quantity), columns.quantity, numbersY, { align: 'right' });
  w.text(money(line.unitCents), columns.unit, numbersY, { align: 'right' });
  w.text(money(line.totalCents), columns.total, numbersY, { align: 'right', bold: true });
  w.y -= height;
  w.line(margin, w.y, right, w.y);
}

/** The consent's paragraph under the notes, on a new page when the last one is full. */
function drawConsent(w: InvoiceWriter, document: InvoiceDocument, consent: ReturnType<typeof consentStatement>): void {
  const rows = [
    ...w.wrapped(consent.heading, 8.5, contentWidth, true).map((text) => ({ text, bold: true })),
    ...consent.sentences.flatMap((sentence) => w.wrapped(`« ${sentence} »`, 8.5, contentWidth).map((text) => ({ text, bold: false }))),
    ...w.wrapped(`${consent.cgv} ${consent.url}`, 8.5, contentWidth).map((text) => ({ text, bold: false })),
  ];
  if (w.y - 24 - rows.length * 11 < footerTop + 10) {
    w.newPage();
    w.text(`${documentName(document)} (suite)`, margin, w.y - 10, { size: 10, bold: true, color: plum });
    w.y -= 28;
  }
  w.y -= 24;
  for (const row of rows) {
    w.text(row.text, margin, w.y, { size: 8.5, bold: row.bold });
    w.y -= 11;
  }
}

/** The invoice (or credit note) of `document` as PDF bytes; `consent` is null for an order from before consent was asked, and unused for a credit note. */
export async function renderInvoice(document: InvoiceDocument, consent: ReturnType<typeof consentStatement> | null): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const issued = new Date(document.credit_note?.issued_at ?? document.issued_at);
  pdf.setTitle(documentName(document));
  pdf.setAuthor(document.seller.legal_name);
  pdf.setSubject(`${documentName(document)}, commande n° ${orderReference(document.order_id)}`);
  pdf.setCreator('Lumière Sacrée');
  pdf.setProducer('Lumière Sacrée');
  pdf.setLanguage('fr-FR');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);

  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const figures = invoiceFigures(document);
  const money = (cents: number) => formatAmount(cents, document.currency);
  const taxIncluded = figures.vat !== null;
  const w = new InvoiceWriter(pdf, fonts);

  w.newPage();
  drawHeading(w, document);
  drawTableHeader(w, taxIncluded);
  for (const line of figures.lines) {
    const { titleLines, height } = rowHeight(w, line);
    if (w.y - height < footerTop + 10) {
      w.newPage();
      w.text(`${documentName(document)} (suite)`, margin, w.y - 10, { size: 10, bold: true, color: plum });
      w.y -= 28;
      drawTableHeader(w, taxIncluded);
    }
    drawRow(w, line, titleLines, height, money);
  }

  // Totals, kept together (on a new page if the last one is full), then the payment and VAT notes.
  const totals: [string, string][] = figures.vat
    ? [
        ['Total HT', money(figures.vat.netCents)],
        [`TVA ${formatRate(figures.vat.rateBasisPoints)}`, money(figures.vat.vatCents)],
      ]
    : [];
  const needed = 18 + totals.length * 16 + 30 + 60;
  if (w.y - needed < footerTop + 10) {
    w.newPage();
    w.text(`${documentName(document)} (suite)`, margin, w.y - 10, { size: 10, bold: true, color: plum });
    w.y -= 28;
  }
  const labelX = right - 190;
  w.y -= 18;
  for (const [label, value] of totals) {
    w.text(label, labelX, w.y, { color: muted });
    w.text(value, columns.total, w.y, { align: 'right' });
    w.y -= 16;
  }
  w.box(labelX - 10, w.y - 9, right - labelX + 10, 24, band);
  w.text(taxIncluded ? 'Total TTC' : 'Total', labelX, w.y, { size: 11, bold: true, color: plum });
  w.text(money(figures.totalCents), columns.total, w.y, { size: 11, bold: true, color: plum, align: 'right' });
  w.y -= 40;

  if (document.credit_note) {
    const refunded = `Avoir sur la facture ${document.invoice_number} du ${formatDate(document.issued_at)} : ${money(figures.totalCents)} remboursés le ${formatDate(document.credit_note.issued_at)}.`;
    for (const text of [...w.wrapped(refunded, 9, contentWidth), ...w.wrapped(`Motif : ${document.credit_note.reason}`, 9, contentWidth)]) {
      w.text(text, margin, w.y, { size: 9 });
      w.y -= 13;
    }
  } else {
    w.text(`Facture acquittée : ${money(figures.totalCents)} réglés en ligne le ${formatDate(document.paid_at)}.`, margin, w.y, { size: 9 });
    w.y -= 13;
  }
  if (!figures.vat) {
    w.text(franchiseMention, margin, w.y, { size: 9, bold: true });
    w.y -= 13;
  }
  w.text(
    document.credit_note ? 'L’accès aux contenus remboursés est retiré de votre bibliothèque.' : 'Produits numériques livrés dans votre bibliothèque dès le paiement.',
    margin, w.y, { size: 9, color: muted },
  );
  if (consent && !document.credit_note) drawConsent(w, document, consent);

  w.footers(sellerLegalLine(document.seller));
  // pdf-lib's bytes are typed on any buffer; a Response body wants them on an ArrayBuffer.
  return new Uint8Array(await pdf.save());
}
