// Stamps a PDF for its buyer: one line of small grey text centred in the bottom margin of every
// page, as the page is shown (its crop box and /Rotate), and the same words as the document's
// subject, so a copy whose footer was cropped away still names its buyer.
import { degrees, drawText, PDFContentStream, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** From the shown bottom edge to the footer's baseline: about 5 mm, below any usual text block. */
const marginPt = 14;
const fontSizePt = 7;
/** The footer never takes more than this share of the page's shown width; longer text shrinks. */
const maxWidthShare = 0.9;
const grey = rgb(0.45, 0.45, 0.45);

/**
 * The standard Helvetica needs no font file but encodes only WinAnsi (French, most of Western
 * Europe): other letters lose their accents (ł → l) and what is left becomes '?', so a name in
 * another script still stamps rather than failing the delivery.
 */
export function encodableText(text: string, font: PDFFont): string {
  const encodable = new Set(font.getCharacterSet());
  return Array.from(text, (char) => {
    if (encodable.has(char.codePointAt(0)!)) return char;
    const base = Array.from(char.normalize('NFD')).filter((c) => encodable.has(c.codePointAt(0)!)).join('');
    return base || '?';
  }).join('');
}

function drawFooter(page: PDFPage, text: string, font: PDFFont): void {
  const box = page.getCropBox();
  // /Rotate is a multiple of 90 by the PDF specification; a stray value is read as the nearest.
  const rotation = ((((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const shownWidth = rotation === 90 || rotation === 270 ? box.height : box.width;
  const naturalWidth = font.widthOfTextAtSize(text, fontSizePt);
  const size = Math.min(fontSizePt, (fontSizePt * shownWidth * maxWidthShare) / naturalWidth);
  const width = font.widthOfTextAtSize(text, size);
  // The shown bottom edge, in the page's own coordinates, and the direction the text runs there.
  const placement = {
    0: { x: box.x + (box.width - width) / 2, y: box.y + marginPt },
    90: { x: box.x + box.width - marginPt, y: box.y + (box.height - width) / 2 },
    180: { x: box.x + (box.width + width) / 2, y: box.y + box.height - marginPt },
    270: { x: box.x + marginPt, y: box.y + (box.height + width) / 2 },
  }[rotation];
  // Wraps the page's own content in q … Q (pdf-lib's autoNormalizeCTM), so a transformation or
  // colour the page leaves set cannot move or recolour the footer, and gives the page the font.
  page.node.normalize();
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  const operators = drawText(font.encodeText(text), {
    ...placement,
    size,
    font: fontKey,
    color: grey,
    rotate: degrees(rotation),
    xSkew: degrees(0),
    ySkew: degrees(0),
  });
  // What `page.drawText` does, but the footer's stream is left uncompressed: a few hundred bytes
  // that deflate would barely shrink, while pdf-lib's deflate takes buffers of about 200 kB for
  // each stream it writes (16 MB more memory at save for an 84-page book, which the hosted runtime
  // counts against the function's 256 MB).
  const { context } = page.doc;
  page.node.addContentStream(context.register(PDFContentStream.of(context.obj({}), operators, false)));
}

/** The original's bytes with `footer` on every page; the original is not changed. */
export async function stampPdf(original: Uint8Array, footer: string): Promise<Uint8Array> {
  const document = await PDFDocument.load(original, { updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const text = encodableText(footer, font);
  for (const page of document.getPages()) drawFooter(page, text, font);
  document.setSubject(footer);
  document.setModificationDate(new Date());
  return document.save();
}
