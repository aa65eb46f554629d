// The digital files the shop delivers, one per product, made on first start in the data dir,
// and the map from catalogue variant to file that the seed loads into product_files.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productSeeds, type FileKind, type ProductSeed } from './catalogue-data.ts';
import { fileNameOf, variantsById } from './catalogue.ts';
import { aviVideo, pdfDocument, wavTone, zipArchive } from './file-formats.ts';

export const fileContentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  wav: 'audio/wav',
  avi: 'video/x-msvideo',
  zip: 'application/zip',
};

const plainText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

function fileFor(seed: ProductSeed, index: number): Buffer {
  switch (seed.kind) {
    case 'pdf':
      return pdfDocument(seed.title, [seed.subtitle, plainText(seed.descriptionHtml), 'Lumière Sacrée - enseignement réservé à l’acheteur.']);
    case 'audio':
      return wavTone(4, 196 + index * 22);
    case 'video':
      return aviVideo();
    case 'other':
      return zipArchive([
        { name: 'lisez-moi.txt', data: Buffer.from(`${seed.title}\n\n${plainText(seed.descriptionHtml)}\n`, 'utf8') },
        { name: 'eveil-du-coeur.pdf', data: pdfDocument("L'Éveil du Cœur", ['Extrait du coffret.']) },
        { name: 'meditation.wav', data: wavTone(3, 220) },
      ]);
  }
}

/** Writes the files that are missing into `dir`. */
export function ensureDigitalFiles(dir: string): void {
  mkdirSync(dir, { recursive: true });
  productSeeds.forEach((seed, index) => {
    const path = join(dir, fileNameOf(seed));
    if (!existsSync(path)) writeFileSync(path, fileFor(seed, index));
  });
}

/** variant id → the file it delivers, with absolute URLs on the sandbox's public base URL. */
export function digitalFileMap(baseUrl: string): Array<{ variant_id: string; digital_file_url: string; file_type: FileKind }> {
  return [...variantsById.values()].map((v) => ({ variant_id: v.id, digital_file_url: `${baseUrl}/files/${v.fileName}`, file_type: v.fileKind }));
}
