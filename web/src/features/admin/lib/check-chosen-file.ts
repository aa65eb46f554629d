// The page's quick check of a chosen file, by its first bytes (the same rule attach-deliverable
// applies to the uploaded object, which alone decides): a wrong file is refused before a long upload.
import { signatureLength, sniffDeliverable, type Deliverable } from '@functions-shared/file-signature.ts';

export type { Deliverable };

export async function checkChosenFile(file: Blob): Promise<Deliverable | null> {
  return sniffDeliverable(new Uint8Array(await file.slice(0, signatureLength).arrayBuffer()));
}
