// Originals made for the tests with pdf-lib: pages titled « Chapitre N », each shaped as asked
// (size, rotation, crop, a graphics state left changed), so a stamp has something real to go on.
import { concatTransformationMatrix, degrees, PDFDocument, setFillingRgbColor, StandardFonts } from 'pdf-lib';

export interface PageSpec {
  size?: [number, number];
  rotation?: number;
  cropBox?: [number, number, number, number];
  /** Leaves the page's graphics state scaled and red, with no q … Q around its content. */
  leavesStateChanged?: boolean;
}

export async function makePdf(pages: PageSpec[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle("L'Éveil du Cœur");
  const font = await document.embedFont(StandardFonts.TimesRoman);
  pages.forEach((spec, index) => {
    const page = document.addPage(spec.size ?? [595, 842]);
    page.drawText(`Chapitre ${index + 1}`, { x: 72, y: page.getHeight() - 100, size: 18, font });
    if (spec.rotation) page.setRotation(degrees(spec.rotation));
    if (spec.cropBox) page.setCropBox(...spec.cropBox);
    if (spec.leavesStateChanged) page.pushOperators(concatTransformationMatrix(3, 0, 0, 3, 200, 300), setFillingRgbColor(1, 0, 0));
  });
  return document.save();
}
