// Where an upload goes in the `deliverables` bucket: `products/<variant>/<upload id>/<file name>`.
// Every upload gets a path of its own, so no object a past order item points to is overwritten: the
// variant's mapping moves to the new path instead (the storage policy refuses overwriting anyway).

const maxSegment = 120;

/** A path segment in the bucket's safe characters: accents dropped, anything else turned to '-'. */
export function safeSegment(text: string, fallback: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  if (plain.length <= maxSegment) return plain || fallback;
  // Too long: keep the extension, cut the name.
  const dot = plain.lastIndexOf('.');
  const extension = dot > 0 && plain.length - dot <= 10 ? plain.slice(dot) : '';
  return plain.slice(0, maxSegment - extension.length) + extension;
}

export function deliverablePath(variantId: string, fileName: string, uploadId: string): string {
  return `products/${safeSegment(variantId, 'variante')}/${uploadId}/${safeSegment(fileName, 'fichier')}`;
}

/** The file name a path ends with, as the page shows it. */
export function fileNameOf(objectPath: string): string {
  return objectPath.slice(objectPath.lastIndexOf('/') + 1);
}

/** Whether `objectPath` is one of `variantId`'s uploads (a resumable upload to pick up again). */
export function isUploadOf(objectPath: string, variantId: string): boolean {
  return objectPath.startsWith(`products/${safeSegment(variantId, 'variante')}/`);
}
