// The sample files the shop delivers, one per product, which the local stack uploads into the
// private `deliverables` bucket (the sandbox itself serves none: paid files are never public), and
// the map from catalogue variant to object path that the seed loads into product_files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { productSeeds, type FileKind, type ProductSeed } from './catalogue-data.ts';
import { fileNameOf, variantsById } from './catalogue.ts';
import { pdfDocument, wavTone, zipArchive } from './file-formats.ts';

/** The rituals' videos, made once with ffmpeg and committed (samples/README.md says how). */
const sampleVideosDir = join(import.meta.dirname, 'samples');

export const fileContentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  wav: 'audio/wav',
  webm: 'video/webm',
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
      return readFileSync(join(sampleVideosDir, fileNameOf(seed)));
    case 'other':
      return zipArchive([
        { name: 'lisez-moi.txt', data: Buffer.from(`${seed.title}\n\n${plainText(seed.descriptionHtml)}\n`, 'utf8') },
        { name: 'eveil-du-coeur.pdf', data: pdfDocument("L'Éveil du Cœur", ['Extrait du coffret.']) },
        { name: 'meditation.wav', data: wavTone(3, 220) },
      ]);
  }
}

/** The object path of a product's original in the `deliverables` bucket. */
export const objectPathOf = (fileName: string) => `products/${fileName}`;

export interface SampleDeliverable {
  objectPath: string;
  contentType: string;
  /** The file's bytes, made in memory when asked (only files missing from the bucket are made). */
  bytes(): Buffer;
}

/** Each product's sample file. */
export function sampleDeliverables(): SampleDeliverable[] {
  return productSeeds.map((seed, index) => {
    const fileName = fileNameOf(seed);
    return { objectPath: objectPathOf(fileName), contentType: fileContentTypes[fileName.split('.').pop()!]!, bytes: () => fileFor(seed, index) };
  });
}

/** variant id → the object its buyers receive. */
export function digitalFileMap(): Array<{ variant_id: string; object_path: string; file_type: FileKind }> {
  return [...variantsById.values()].map((v) => ({ variant_id: v.id, object_path: objectPathOf(v.fileName), file_type: v.fileKind }));
}
