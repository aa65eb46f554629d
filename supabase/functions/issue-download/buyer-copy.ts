// The buyer's copy of a PDF: the original from the bucket, stamped with the buyer's name, e-mail
// and order number, stored under their own prefix and recorded on the order item (service role:
// the buyer may neither read the original nor write the bucket). Made on the first request for
// the item; two first requests at once both stamp and upload the same path (upsert), and both
// record that one path, so the item ends with one copy whichever finishes last. A replaced file
// (attach-deliverable) sets `stamped_path` back to null on every buyer's item, so the next request
// stamps the new version over the same path.
//
// Stamping fits in the request: the 84-page illustrated teaching (7.3 MB,
// scripts/bench/teaching-pdf.ts) peaks at 87 MB of the hosted 256 MB over five stamps in a row in
// one worker (the original and the copy, pdf-lib's parsed document, the download's and upload's
// buffers, earlier requests' garbage). A stamp that crosses the limit ends only its request (546,
// nothing recorded); the buyer's next click starts a new worker. If a much larger edition does not
// fit, stamping leaves the request as the database already allows: record-order records a stamp
// job per PDF item (a queue table or pgmq), a worker outside the edge runtime (service role) makes
// the copy and sets `stamped_path`; meanwhile `issue_download_link` answers 409 « Fichier en
// préparation », which the library shows and retries, and issue-download only signs.
import type { SupabaseClient } from '@supabase/supabase-js';
import { fileUnavailable } from './refusals.ts';
import { stampPdf } from './stamp.ts';

export const deliverablesBucket = 'deliverables';

export interface Buyer {
  id: string;
  email: string;
  /** The profile's name; the e-mail stands in when there is none. */
  fullName: string | null;
}

export interface PdfItem {
  id: string;
  order_id: string;
  /** The original in the bucket, `products/<file>`. */
  file_path: string;
}

/** Until invoices bring real numbers, an order is known by the first 8 hex digits of its id. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

export function footerFor(buyer: Buyer, orderId: string): string {
  return `Exemplaire personnel de ${buyer.fullName?.trim() || buyer.email} · ${buyer.email} · commande ${orderNumber(orderId)}`;
}

/** The path the storage policy and `order_items.stamped_path`'s check expect. */
export const buyerCopyPath = (userId: string, itemId: string) => `buyers/${userId}/${itemId}.pdf`;

export async function makeBuyerCopy(service: SupabaseClient, buyer: Buyer, item: PdfItem): Promise<string> {
  const bucket = service.storage.from(deliverablesBucket);
  const { data: original, error: downloadError } = await bucket.download(item.file_path).asStream();
  if (downloadError) {
    // The shop lost or never uploaded the file: the buyer is told it is not available.
    if ((downloadError as { statusCode?: string }).statusCode === '404') throw fileUnavailable(`original ${item.file_path} is not in the bucket`);
    throw new Error(`downloading ${item.file_path}: ${downloadError.message}`);
  }
  const stamped = await stampPdf(await new Response(original).bytes(), footerFor(buyer, item.order_id));

  const path = buyerCopyPath(buyer.id, item.id);
  const { error: uploadError } = await bucket.upload(path, stamped, { upsert: true, contentType: 'application/pdf' });
  if (uploadError) throw new Error(`uploading ${path}: ${uploadError.message}`);
  const { error: updateError } = await service.from('order_items').update({ stamped_path: path }).eq('id', item.id);
  if (updateError) throw new Error(`recording ${path} on item ${item.id}: ${updateError.message}`);
  return path;
}
